/** The page's whole style sheet (inline: no external assets, system fonts only). */
export const PAGE_STYLE = `
:root { --ink:#14213d; --muted:#5c677d; --line:#e3e7ee; --accent:#0b6e4f; --bg:#f6f8fb; }
* { box-sizing: border-box; }
body { margin:0; background:var(--bg); color:var(--ink);
  font: 16px/1.5 system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif; }
main { max-width: 880px; margin: 0 auto; padding: 24px 16px 48px; }
header { display:flex; flex-wrap:wrap; align-items:flex-end; justify-content:space-between; gap:8px;
  border-bottom: 3px solid var(--accent); padding-bottom: 12px; margin-bottom: 24px; }
.eyebrow { margin:0; color:var(--muted); font-size:.85rem; text-transform:uppercase; letter-spacing:.06em; }
h1 { margin:.1em 0 0; font-size: clamp(1.6rem, 4vw, 2.3rem); line-height:1.15; width:100%; }
h2 { font-size:1.15rem; margin: 0 0 8px; }
section { background:#fff; border:1px solid var(--line); border-radius:12px; padding:18px 20px; margin-bottom:18px; }
.languages a { margin-left:8px; color:var(--muted); text-decoration:none; font-weight:600; }
.languages a[aria-current="true"] { color:var(--accent); border-bottom:2px solid var(--accent); }
.specs { display:grid; grid-template-columns: repeat(auto-fit, minmax(200px, 1fr)); gap:10px 24px; margin:0; }
.specs dt { color:var(--muted); font-size:.85rem; }
.specs dd { margin:0; font-weight:600; }
.note { color:var(--muted); font-size:.9rem; margin: 0 0 12px; }
table { width:100%; border-collapse:collapse; }
th, td { text-align:left; padding:10px 8px; border-top:1px solid var(--line); vertical-align:top; }
thead th { border-top:none; color:var(--muted); font-size:.85rem; font-weight:600; }
.amount { font-weight:700; font-variant-numeric: tabular-nums; }
.source { display:inline-block; margin-left:8px; font-size:.8rem; color:var(--accent); }
.big { font-size:1.6rem; margin:0; }
.bik-month { margin:6px 0 0; }
.bik-month .amount { font-weight:600; margin-right:8px; }
.bik-month .note { display:block; }
.taxes { table-layout:fixed; }
.taxes th[scope=row], .taxes thead th:first-child { width:8.5em; }
/* Provisional: a word and an asterisk pointing at the note that explains it, not colour alone. */
.provisional { display:inline-block; margin-left:8px; padding:0 6px; border:1px dashed #8a5300; border-radius:4px;
  color:#7a4a00; background:#fff8e6; font-size:.8rem; font-weight:600; line-height:1.5; vertical-align:middle; }
.basis { display:block; color:var(--muted); font-size:.82rem; font-weight:400; line-height:1.4; margin-top:2px; }
.basis-narrow { display:none; }
.basis-narrow summary { cursor:pointer; color:var(--muted); font-size:.75rem; }
/* No figure: set apart from amounts (framed, not bold), the missing input named. */
.no-figure { border-left:3px dashed var(--muted); padding:1px 0 1px 8px; font-size:.9rem; font-weight:400; }
.no-figure-label { display:block; font-weight:600; color:var(--muted); }
.why, .hint { display:block; font-size:.85rem; line-height:1.4; }
.hint { color:var(--muted); }
.figure .source, .no-figure .source { margin-left:0; }
.provisional-note { margin:10px 0 0; }
footer { color:var(--muted); font-size:.8rem; text-align:center; margin-top:24px; }
@media (max-width: 560px) {
  /* A phone shows every region's taxes on its first screen: one row per region, both taxes side by side. */
  main { padding: 12px 12px 32px; }
  header { margin-bottom: 12px; padding-bottom: 8px; }
  section { padding: 12px 14px; margin-bottom: 12px; }
  .note { font-size:.85rem; margin-bottom: 6px; }
  thead { display:none; }
  tbody tr { display:grid; grid-template-columns: 1fr 1fr; column-gap:12px; border-top:1px solid var(--line); padding:6px 0; }
  tbody th { grid-column: 1 / -1; }
  th, td { display:block; border:none; padding:1px 0; }
  td::before { content: attr(data-label); display:block; color:var(--muted); font-size:.75rem; line-height:1.3; }
  .source { display:block; margin-left:0; }
  .big { font-size:1.35rem; }
  .taxes th[scope=row] { width:auto; }
  .basis-wide { display:none; }
  .basis-narrow { display:block; }
  .provisional { margin-left:2px; padding:0 3px; font-size:.7rem; }
  .hint { display:none; }
  /* The basis's summary and the legal source share a line where they fit. */
  .figure-more { display:flex; flex-wrap:wrap; align-items:baseline; column-gap:10px; }
  .figure-more .source { display:inline-block; }
}
@media print {
  body { background:#fff; font-size:12pt; }
  main { max-width:none; padding:0; }
  section { border:none; padding:0; margin-bottom:14pt; break-inside: avoid; }
  .languages { display:none; }
  .basis-wide { display:block; }
  .basis-narrow { display:none; }
  .source::after { content: " (" attr(href) ")"; font-size:8pt; color:#555; word-break:break-all; }
}
`;
