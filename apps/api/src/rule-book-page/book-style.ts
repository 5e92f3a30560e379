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
.scroll { overflow-x:auto; }
.rows { font-size:.88rem; }
.rows .value { font-variant-numeric: tabular-nums; }
.sources { margin:0; padding-left:1.1em; }
.parameters li { margin-bottom:6px; }
code { font-family: ui-monospace, SFMono-Regular, Menlo, Consolas, monospace; font-size:.9em; overflow-wrap:anywhere; }
.rows th, .rows td:nth-child(1), .rows td:nth-child(2) { white-space:nowrap; }
.rows .value { min-width: 12em; }
.sources a { overflow-wrap:anywhere; }
.sources { min-width: 14em; }
`;
