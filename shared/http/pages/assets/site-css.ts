/** The one stylesheet of the web pages: plain CSS, system fonts, no external resources. */
export const siteCss = `
:root {
  --ink: #17202e; --muted: #4a5568; --line: #d5dbe5; --paper: #ffffff; --soft: #f3f5f9;
  --brand: #1746c7; --brand-ink: #ffffff; --focus: #b3470a;
  --pass: #0f6b3a; --warn: #8a5a00; --fail: #b3261e; --na: #5b6472;
  --agent_ready: #0f6b3a; --partially_ready: #2c6a99; --needs_work: #8a5a00; --not_ready: #b3261e;
  color-scheme: light;
}
*, *::before, *::after { box-sizing: border-box; }
html { -webkit-text-size-adjust: 100%; }
body { margin: 0; overflow-wrap: break-word; font: 16px/1.55 system-ui, -apple-system, "Segoe UI", Roboto, sans-serif; color: var(--ink); background: var(--paper); }
a { color: var(--brand); }
a:hover { text-decoration-thickness: 2px; }
:focus-visible { outline: 3px solid var(--focus); outline-offset: 2px; border-radius: 2px; }
.skip { position: absolute; left: -999px; top: 0; background: var(--paper); padding: .5rem 1rem; }
.skip:focus { left: .5rem; z-index: 10; }
.wrap { max-width: 60rem; margin: 0 auto; padding: 0 1rem; }
header.site { border-bottom: 1px solid var(--line); }
header.site .wrap { display: flex; flex-wrap: wrap; gap: .5rem 1.5rem; align-items: center; justify-content: space-between; padding-top: .75rem; padding-bottom: .75rem; }
.logo { font-weight: 700; color: var(--ink); text-decoration: none; }
nav.site ul { display: flex; flex-wrap: wrap; gap: 1rem; list-style: none; margin: 0; padding: 0; }
main { padding: 1.5rem 0 3rem; }
main.wide { padding: 1.5rem 1rem 3rem; }
footer.site { border-top: 1px solid var(--line); color: var(--muted); font-size: .875rem; padding: 1rem 0 2rem; }
h1 { font-size: clamp(1.6rem, 4vw, 2.2rem); line-height: 1.2; margin: .5rem 0 1rem; }
h2 { font-size: 1.35rem; margin: 2.25rem 0 .75rem; }
h3 { font-size: 1.05rem; margin: 1.25rem 0 .5rem; }
p.lead { font-size: 1.125rem; color: var(--muted); max-width: 40rem; }
.muted { color: var(--muted); }
.small { font-size: .875rem; }
label { display: block; font-weight: 600; margin-bottom: .35rem; }
input[type=url], input[type=email], input[type=text] { font: inherit; width: 100%; padding: .65rem .75rem; border: 2px solid #6b7686; border-radius: 6px; background: var(--paper); color: var(--ink); }
.field-row { display: flex; flex-wrap: wrap; gap: .5rem; }
.field-row input { flex: 1 1 16rem; }
button, .button { font: inherit; font-weight: 600; display: inline-block; padding: .65rem 1.25rem; border: 2px solid var(--brand); border-radius: 6px; background: var(--brand); color: var(--brand-ink); cursor: pointer; text-decoration: none; }
button.secondary, .button.secondary { background: var(--paper); color: var(--brand); }
button:disabled { opacity: .6; cursor: progress; }
.panel { border: 1px solid var(--line); border-radius: 8px; padding: 1rem 1.25rem; background: var(--paper); }
.notice { border-left: 4px solid var(--brand); background: var(--soft); padding: .75rem 1rem; border-radius: 0 6px 6px 0; }
.error { border-left-color: var(--fail); }
.error:empty, .notice:empty { display: none; }
ol.stages { list-style: none; padding: 0; margin: 1rem 0; }
ol.stages li { padding: .3rem 0 .3rem 1.75rem; position: relative; color: var(--muted); }
ol.stages li::before { content: ""; position: absolute; left: .25rem; top: .75rem; width: .75rem; height: .75rem; border-radius: 50%; border: 2px solid var(--line); }
ol.stages li[data-state=current] { color: var(--ink); font-weight: 600; }
ol.stages li[data-state=current]::before { border-color: var(--brand); border-top-color: transparent; animation: spin 1s linear infinite; }
ol.stages li[data-state=done] { color: var(--ink); }
ol.stages li[data-state=done]::before { background: var(--pass); border-color: var(--pass); }
@keyframes spin { to { transform: rotate(360deg); } }
@media (prefers-reduced-motion: reduce) { ol.stages li[data-state=current]::before { animation: none; background: var(--brand); } }
.summary { display: grid; grid-template-columns: minmax(9rem, 12rem) 1fr; gap: 1.5rem; align-items: center; }
@media (max-width: 40rem) { .summary { grid-template-columns: 1fr; justify-items: start; } }
.gauge { width: 100%; max-width: 12rem; }
.gauge .track { stroke: var(--soft); }
.gauge .value { stroke: var(--ink); }
.gauge text { fill: var(--ink); font-weight: 700; }
.band { display: inline-block; font-weight: 700; padding: .15rem .6rem; border-radius: 999px; color: #fff; background: var(--na); }
.band-agent_ready { background: var(--agent_ready); } .gauge.band-agent_ready .value { stroke: var(--agent_ready); }
.band-partially_ready { background: var(--partially_ready); } .gauge.band-partially_ready .value { stroke: var(--partially_ready); }
.band-needs_work { background: var(--needs_work); } .gauge.band-needs_work .value { stroke: var(--needs_work); }
.band-not_ready { background: var(--not_ready); } .gauge.band-not_ready .value { stroke: var(--not_ready); }
.gauge.band-agent_ready, .gauge.band-partially_ready, .gauge.band-needs_work, .gauge.band-not_ready { background: none; }
table { border-collapse: collapse; width: 100%; }
th, td { text-align: left; vertical-align: top; padding: .5rem .5rem; border-bottom: 1px solid var(--line); }
th { font-size: .875rem; color: var(--muted); font-weight: 600; }
.scroll { overflow-x: auto; }
.bars { list-style: none; margin: 0; padding: 0; display: grid; gap: .6rem; }
.bar-label { display: flex; justify-content: space-between; gap: 1rem; font-size: .95rem; }
.bar { display: block; width: 100%; height: .6rem; }
.bar .track { fill: var(--soft); } .bar .fill { fill: var(--brand); }
.status { display: inline-block; min-width: 4.5rem; text-align: center; font-size: .8rem; font-weight: 700; padding: .1rem .4rem; border-radius: 4px; color: #fff; background: var(--na); }
.status-pass { background: var(--pass); } .status-warn { background: var(--warn); } .status-fail { background: var(--fail); }
details.check { border-bottom: 1px solid var(--line); padding: .5rem 0; }
details.check summary { cursor: pointer; display: flex; gap: .75rem; align-items: baseline; }
details.check summary::-webkit-details-marker { display: none; }
ul.evidence { font-size: .9rem; color: var(--muted); margin: .5rem 0 0; padding-left: 1.25rem; overflow-wrap: anywhere; }
ol.fixes { padding-left: 1.25rem; }
ol.fixes > li { margin-bottom: 1.25rem; }
.fix-meta { font-size: .875rem; color: var(--muted); }
.priority { font-weight: 700; text-transform: uppercase; font-size: .75rem; letter-spacing: .04em; }
.priority-critical { color: var(--fail); } .priority-high { color: var(--warn); }
pre { background: var(--soft); border: 1px solid var(--line); border-radius: 6px; padding: .75rem; overflow-x: auto; font-size: .85rem; white-space: pre-wrap; overflow-wrap: anywhere; }
code { font-family: ui-monospace, SFMono-Regular, Menlo, Consolas, monospace; }
details.example > summary { cursor: pointer; color: var(--brand); font-weight: 600; margin: .25rem 0; }
.snippet { position: relative; }
.snippet pre { padding-right: 5rem; }
.snippet button { position: absolute; top: .4rem; right: .4rem; padding: .2rem .6rem; font-size: .8rem; }
.source { font-size: .75rem; color: var(--muted); white-space: nowrap; }
dl.facts { display: grid; grid-template-columns: max-content 1fr; gap: .25rem 1rem; margin: .5rem 0 0; }
dl.facts dt { color: var(--muted); } dl.facts dd { margin: 0; overflow-wrap: anywhere; }
.products { display: grid; gap: 1rem; grid-template-columns: repeat(auto-fill, minmax(17rem, 1fr)); }
.spark { width: 6rem; height: 1.5rem; overflow: visible; } .spark polyline { fill: none; stroke: var(--brand); stroke-width: 2; vector-effect: non-scaling-stroke; } .spark circle { fill: var(--brand); }
.key.block { display: block; padding: .8rem; margin: .5rem 0; background: var(--soft); border: 1px solid var(--line); border-radius: 6px; }
#status:not(:empty) { font-weight: 600; }
.key { font-family: ui-monospace, SFMono-Regular, Menlo, Consolas, monospace; overflow-wrap: anywhere; }
[hidden] { display: none !important; }
@media print {
  header.site nav, footer.site, .no-print, .snippet button, .skip { display: none !important; }
  body { font-size: 11pt; }
  a { color: inherit; }
  details.check > *:not(summary) { display: block; }
  .panel, details.check, ol.fixes > li { break-inside: avoid; }
}
`;
