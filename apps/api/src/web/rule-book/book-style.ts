/** The rule book's additions to the public page's style sheet (inline, no external assets). */
export const BOOK_STYLE = `
.eyebrow a { color:inherit; }
.parameter { border-top:1px solid var(--line); padding-top:12px; margin-top:16px; scroll-margin-top:12px; }
.parameter:target { outline:3px solid var(--accent); outline-offset:6px; border-radius:4px; }
.parameter h3 { font-size:1.05rem; margin:0 0 8px; }
.anchor { font-family: ui-monospace, SFMono-Regular, Menlo, Consolas, monospace; color:var(--accent); }
.facts { display:flex; flex-wrap:wrap; gap:4px 24px; margin:0 0 8px; font-size:.9rem; }
.facts dt { color:var(--muted); font-size:.8rem; }
.facts dd { margin:0; }
.rows { font-size:.88rem; table-layout:fixed; }
.rows thead th:nth-child(1), .rows thead th:nth-child(2) { width:9.5em; }
.rows thead th:nth-child(4) { width:30%; }
.rows tbody { border-top:2px solid var(--line); }
.rows .value { font-variant-numeric: tabular-nums; overflow-wrap:anywhere; }
.rows .status span { display:block; }
.rows .row-details td { border-top:none; padding-top:0; }
.row-facts { margin:0; font-size:.85rem; color:var(--ink); }
.row-facts > div { margin-top:4px; }
.row-facts dt { display:inline; color:var(--muted); font-weight:600; }
.row-facts dt::after { content:": "; }
.row-facts dd { display:inline; margin:0; }
.row-facts dd > ul { display:block; }
.in-english { font-weight:400; font-style:italic; }
.sources { margin:0; padding-left:1.1em; }
.sources a { overflow-wrap:anywhere; }
.parameters li { margin-bottom:6px; }
code { font-family: ui-monospace, SFMono-Regular, Menlo, Consolas, monospace; font-size:.9em; overflow-wrap:anywhere; }
/* A structured value: a small table (bands, a scale by fiscal HP) or named fields. */
.value-table { width:auto; font-size:.85rem; margin:2px 0; }
.value-table th, .value-table td { padding:2px 10px 2px 0; border-top:1px solid var(--line); }
.value-table thead th { border-top:none; }
.value-table th[scope=row] { font-weight:400; }
@media (min-width: 561px) { .value-table th, .value-table td { white-space:nowrap; } }
.value-record { margin:0; }
.value-record > div { display:flex; flex-wrap:wrap; gap:0 6px; }
.value-record dt { color:var(--muted); }
.value-record dt::after { content:":"; }
.value-record dd { margin:0; }
@media (max-width: 560px) {
  /* The page style's phone table turns rows into grids; the book's rows stack instead. */
  .rows tbody tr { grid-template-columns: 1fr 1fr; }
  .rows td.value, .rows td.status, .rows .row-details td { grid-column: 1 / -1; }
  .value-table thead { display:table-header-group; }
  .value-table tr { display:table-row; }
  .value-table th, .value-table td { display:table-cell; padding:2px 8px 2px 0; border-top:1px solid var(--line); }
  .value-table td::before { content:none; }
}
`;
