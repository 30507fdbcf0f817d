/**
 * The live tables' style sheet (inlined into the page: the CSP allows inline styles only). Wide
 * screens: the table in the middle, players and chat at the side; at 760 px and below (phones) it
 * stacks, the roulette layout stands upright and the chips and actions stay at the thumb. Motion
 * is CSS transforms and opacity only; `prefers-reduced-motion` turns it off.
 */
export const LIVE_CSS = `
*{box-sizing:border-box}html,body{margin:0;height:100%}
body{font-family:system-ui,-apple-system,"Segoe UI",Roboto,"Noto Sans","Noto Sans Devanagari",sans-serif;color:#f1f5f9;
background:radial-gradient(ellipse at 50% -10%,var(--felt) 0%,var(--felt-dark) 55%,#04070b 100%) fixed;overflow:hidden;
-webkit-tap-highlight-color:transparent;-webkit-text-size-adjust:100%}
button{font:inherit;color:inherit;cursor:pointer;border:0;background:none;padding:0}
button:disabled{cursor:default;opacity:.4}
:focus-visible{outline:3px solid var(--accent);outline-offset:2px}
.visually-hidden{position:absolute;width:1px;height:1px;overflow:hidden;clip:rect(0 0 0 0);white-space:nowrap}
#app{height:100%;display:flex;flex-direction:column;overflow:hidden}
.loading,.fatal{margin:auto;padding:24px;text-align:center;font-size:16px}
.fatal{display:flex;flex-direction:column;gap:14px;align-items:center;max-width:420px}

.top{display:flex;align-items:center;gap:8px;padding:6px 14px;min-height:52px;background:#0009;border-bottom:1px solid #ffffff14;flex:none}
.top h1{font-size:18px;margin:0 0 0 4px;white-space:nowrap;overflow:hidden;text-overflow:ellipsis;min-width:0}
.round-no{margin-right:auto;font-size:13px;opacity:.7;font-variant-numeric:tabular-nums;white-space:nowrap}
.top-btn{display:inline-flex;align-items:center;justify-content:center;gap:6px;height:38px;min-width:38px;padding:0 10px;border-radius:19px;
background:#ffffff14;border:1px solid #ffffff26;color:#fff;text-decoration:none;font-size:14px;font-weight:600;flex:none}
.top-btn svg{width:20px;height:20px;fill:currentColor}
.top-btn[aria-pressed=true]{background:var(--accent);color:#1a1205}
.demo{background:#f59e0b;color:#1b0b2e;font-weight:900;letter-spacing:.12em;border-radius:6px;padding:4px 9px;font-size:13px;flex:none}
.status{font-size:12px;color:#fbbf24;white-space:nowrap}

.table-layout{flex:1;min-height:0;display:grid;grid-template-columns:minmax(0,1fr) 340px}
.main{min-height:0;overflow-y:auto;overflow-x:hidden;display:grid;grid-template-columns:170px minmax(0,1fr) 230px;
grid-template-rows:250px auto auto 1fr auto;grid-template-areas:"dealer scene stats" "history history history" "board board board" ". . ." "controls controls controls";
gap:8px 10px;padding:10px 12px 0;scrollbar-width:thin}
.side{min-height:0;display:flex;flex-direction:column;gap:10px;padding:10px 12px 10px 0}

.dealer{grid-area:dealer;position:relative;margin:0;display:flex;flex-direction:column;justify-content:flex-end;align-items:center;border-radius:16px;overflow:hidden;
background:radial-gradient(ellipse at 50% 30%,#ffffff1c,#0000 70%)}
.dealer svg{display:block;width:100%;min-height:0;flex:0 1 auto}
.dealer figcaption{width:100%;text-align:center;padding:4px 6px 6px;background:#0009;line-height:1.15;flex:none}
.dealer figcaption small{display:block;font-size:10px;text-transform:uppercase;letter-spacing:.1em;opacity:.65}
.dealer figcaption b{font-size:14px}
.dealer-figure .arm{transform-box:fill-box}
.dealer-figure .arm.right{transform-origin:80% 15%}.dealer-figure .arm.left{transform-origin:20% 15%}
.dealer-figure .head{transform-box:fill-box;transform-origin:50% 90%}
.dealer-figure .eyes{transform-box:fill-box;transform-origin:center;animation:blink 5s infinite}
.dealer[data-phase=betting] .arm.right{animation:wave 1.8s ease-in-out infinite}
.dealer[data-phase=closed] .arm.right{animation:stop-r .4s ease-out forwards}
.dealer[data-phase=closed] .arm.left{animation:stop-l .4s ease-out forwards}
.dealer[data-phase=drawing] .live-roulette .arm.left{animation:flick 1.2s ease-out 1}
.dealer[data-phase=drawing] .live-baccarat .arm.left{animation:deal-arm .9s ease-in-out infinite}
.dealer[data-phase=result] .head{animation:nod .7s ease-in-out 2}
.dealer[data-phase=void] .head{animation:shake .5s ease-in-out 2}
@keyframes blink{0%,95%,100%{transform:scaleY(1)}97%{transform:scaleY(.1)}}
@keyframes wave{0%,100%{transform:rotate(0)}50%{transform:rotate(32deg)}}
@keyframes stop-r{to{transform:rotate(105deg)}}@keyframes stop-l{to{transform:rotate(-105deg)}}
@keyframes flick{0%{transform:rotate(0)}30%{transform:rotate(-55deg)}55%{transform:rotate(10deg)}100%{transform:rotate(0)}}
@keyframes deal-arm{0%,100%{transform:rotate(0)}50%{transform:rotate(-38deg)}}
@keyframes nod{0%,100%{transform:rotate(0)}50%{transform:translateY(3px) rotate(-3deg)}}
@keyframes shake{0%,100%{transform:rotate(0)}25%{transform:rotate(-5deg)}75%{transform:rotate(5deg)}}

.scene-wrap{grid-area:scene;position:relative;display:flex;align-items:center;justify-content:center;border-radius:18px;min-height:250px;overflow:hidden;
background:radial-gradient(ellipse at 50% 45%,#ffffff14,#0000 70%)}
.scene{width:100%;height:100%;display:flex;align-items:center;justify-content:center}
.wheel{position:relative;width:min(100%,236px);aspect-ratio:1;flex:none}
.wheel-rim,.wheel-head,.wheel-head svg{position:absolute;inset:0;width:100%;height:100%;display:block}
.wheel-rim{filter:drop-shadow(0 10px 18px #000b)}
.wheel-head{will-change:transform}
.ball-arm{position:absolute;inset:0;will-change:transform;pointer-events:none}
.ball{position:absolute;left:50%;top:50%;width:4.4%;aspect-ratio:1;border-radius:50%;
background:radial-gradient(circle at 35% 30%,#fff,#dedede 55%,#9a9a9a);box-shadow:0 1px 3px #000c;will-change:transform}

.phase{position:absolute;left:10px;top:10px;z-index:3;display:flex;align-items:center;gap:8px;padding:5px 14px 5px 5px;border-radius:26px;
background:#000b;border:1px solid #ffffff26}
.seconds{display:grid;place-items:center;width:38px;height:38px;border-radius:50%;background:var(--accent);color:#1a1205;font-size:17px;font-variant-numeric:tabular-nums}
.phase.hurry .seconds{background:#ef4444;color:#fff}
.phase-text{display:flex;flex-direction:column;gap:5px;font-size:13px;font-weight:700;white-space:nowrap}
.timebar{display:block;width:128px;height:4px;border-radius:2px;background:#ffffff26;overflow:hidden}
.timebar-fill{display:block;height:100%;background:var(--accent);transform-origin:left;will-change:transform}
.phase.hurry .timebar-fill{background:#ef4444}

.banner{position:absolute;left:50%;bottom:12px;z-index:4;display:flex;flex-direction:column;align-items:center;gap:4px;min-width:220px;max-width:calc(100% - 20px);
padding:10px 22px;border-radius:16px;background:#0b1220ee;border:2px solid var(--accent);box-shadow:0 10px 30px #000c;text-align:center;
opacity:0;transform:translate(-50%,12px) scale(.92);transition:opacity .3s,transform .3s;pointer-events:none}
.banner.show{opacity:1;transform:translate(-50%,0) scale(1)}
.banner b{font-size:22px;letter-spacing:.02em}
.banner span{font-size:14px;opacity:.9}
.banner .you{font-size:18px;color:#4ade80}
.banner.red b,.banner.black b,.banner.green b{display:grid;place-items:center;width:58px;height:58px;border-radius:50%;font-size:30px}
.banner.red b{background:#c1121f}.banner.black b{background:#16181d;box-shadow:0 0 0 2px #fff4}.banner.green b{background:#0a8f4a}
.banner.player{border-color:#3b82f6}.banner.banker{border-color:#ef4444}.banner.tie{border-color:#22c55e}.banner.void{border-color:#f59e0b}
.live-roulette .banner.red,.live-roulette .banner.black,.live-roulette .banner.green{left:auto;right:12px;bottom:auto;top:50%;min-width:150px;transform:translate(0,-50%) scale(.92)}
.live-roulette .banner.show.red,.live-roulette .banner.show.black,.live-roulette .banner.show.green{transform:translate(0,-50%) scale(1)}

.stats{grid-area:stats;background:#0006;border:1px solid #ffffff10;border-radius:16px;padding:10px 12px;font-size:12px;display:flex;flex-direction:column;gap:6px;min-width:0;overflow:hidden}
.stats h2{font-size:11px;text-transform:uppercase;letter-spacing:.08em;opacity:.7;margin:0 0 2px}
.hcs,.shares{display:flex;flex-direction:column;gap:6px}
.hc{display:flex;align-items:center;gap:6px}.hc>span{width:62px;font-weight:800;flex:none;overflow:hidden;text-overflow:ellipsis}
.hot{color:#fb923c}.cold{color:#60a5fa}
.pills{display:flex;gap:3px;min-width:0}
.pill{display:inline-grid;place-items:center;min-width:25px;height:25px;padding:0 3px;border-radius:6px;font-size:12px;font-weight:800;font-variant-numeric:tabular-nums;flex:none}
.pill.red{background:#c1121f}.pill.black{background:#23262d;box-shadow:inset 0 0 0 1px #ffffff22}.pill.green{background:#0a8f4a}
.share{display:flex;height:17px;border-radius:9px;overflow:hidden;margin-top:4px}
.share .part{display:grid;place-items:center;font-size:10px;font-weight:800;min-width:0;overflow:hidden;white-space:nowrap}
.part.red{background:#c1121f}.part.black{background:#2a2d35}.part.green{background:#0a8f4a}.part.odd{background:#7c3aed}.part.even{background:#0e7490}
.part.low{background:#a16207}.part.high{background:#9d174d}
.legend{display:flex;justify-content:space-between;gap:6px;font-size:11px;opacity:.8;white-space:nowrap}
.legend span{overflow:hidden;text-overflow:ellipsis}

.history{grid-area:history;background:#0005;border-radius:12px;padding:6px 8px;flex:none;min-width:0}
.strip{display:flex;gap:4px;margin:0;padding:0;list-style:none;overflow-x:auto;overflow-y:hidden;scrollbar-width:none}
.strip .newest{box-shadow:0 0 0 2px var(--accent);margin-right:4px}

.board{grid-area:board;position:relative;min-width:0}
.board .grid,.board .track-wrap,.board .spots{transition:filter .3s}
.board[data-phase=closed] :is(.grid,.track-wrap,.spots),.board[data-phase=drawing] :is(.grid,.track-wrap,.spots){filter:saturate(.5) brightness(.75)}
.board:not(.open) :is(.nums,.out,.spot,.sector path,.tcell path){cursor:default}
.tabs{display:none;gap:6px;margin-bottom:6px}
.tabs button{flex:1;height:38px;border-radius:19px;background:#ffffff12;border:1px solid #ffffff26;font-weight:700;font-size:14px}
.tabs button[aria-selected=true]{background:var(--accent);color:#1a1205;border-color:transparent}
.grid{display:grid;grid-template-columns:repeat(14,minmax(0,1fr));grid-template-rows:repeat(3,48px) 40px 40px;
grid-template-areas:"n n n n n n n n n n n n n c3" "n n n n n n n n n n n n n c2" "n n n n n n n n n n n n n c1"
". d1 d1 d1 d1 d2 d2 d2 d2 d3 d3 d3 d3 ." ". e1 e1 e2 e2 e3 e3 e4 e4 e5 e5 e6 e6 .";
max-width:900px;margin:0 auto;width:100%;user-select:none;-webkit-user-select:none}
.nums{grid-area:n;position:relative;display:grid;grid-template-columns:repeat(13,minmax(0,1fr));grid-template-rows:repeat(3,minmax(0,1fr));
cursor:pointer;touch-action:manipulation}
.num{grid-column:var(--dc);grid-row:var(--dr);display:grid;place-items:center;border:1px solid #e8d9a877;font-weight:800;font-size:17px;
color:#fff;min-width:0;transition:filter .15s}
.num.red{background:#b3121d}.num.black{background:#15171b}
.num.zero{grid-column:1;grid-row:1/4;background:#0a8f4a;border-radius:46% 0 0 46%/50% 0 0 50%}
.num.hl{filter:brightness(1.45);box-shadow:inset 0 0 0 2px #fde68a}
.num.win,.out.win{animation:win .8s ease-in-out infinite alternate;box-shadow:inset 0 0 0 3px #fde68a}
.num.win span{display:grid;place-items:center;width:34px;height:34px;border-radius:50%;background:#fff;color:#111;box-shadow:0 0 0 3px #fde68a,0 0 16px #fde68a}
@keyframes win{to{filter:brightness(1.6)}}
.overlay{position:absolute;inset:0;pointer-events:none}
.overlay .stack{position:absolute;left:var(--dx);top:var(--dy);transform:translate(-50%,-50%)}
.stack{display:grid;place-items:center;width:30px;height:30px;border-radius:50%;background:var(--chip);color:#fff;font-size:10px;font-weight:900;
text-shadow:0 0 3px #000,0 0 2px #000;box-shadow:inset 0 0 0 3px #0003,inset 0 0 0 5px #ffffffb0,0 2px 5px #000b;z-index:2;pointer-events:none;letter-spacing:-.02em}
.stack.pending{outline:2px dashed #fff;outline-offset:1px}
.out{position:relative;display:grid;place-items:center;border:1px solid #e8d9a877;font-weight:800;font-size:14px;letter-spacing:.03em;color:#fff;min-width:0;
background:#ffffff06;transition:background .15s}
.out:hover{background:#ffffff1c}
.out .label{white-space:nowrap;overflow:hidden;text-overflow:ellipsis;max-width:100%;padding:0 2px}
.out .stack{position:absolute;right:6px;top:50%;transform:translateY(-50%)}
.out.col .label{font-size:12px}
.diamond{display:block;width:22px;height:22px;transform:scaleY(.62) rotate(45deg);border:1px solid #fff8}
.diamond.red{background:#c1121f}.diamond.black{background:#111}

.track-wrap{display:flex;align-items:center;gap:14px;margin:10px auto 0;max-width:900px;width:100%}
.track-box{flex:1;min-width:0}
.track{display:block;width:100%;height:auto;user-select:none;-webkit-user-select:none}
.track.upright{display:none}
.tcell path{stroke:#e8d9a8aa;stroke-width:.8;cursor:pointer}
.tcell.red path{fill:#b3121d}.tcell.black path{fill:#15171b}.tcell.green path{fill:#0a8f4a}
.tcell text{fill:#fff;font-size:12px;font-weight:800;pointer-events:none}
.tcell.hl path{fill:#f5c542}.tcell.hl text{fill:#111}
.tcell:hover path{filter:brightness(1.4)}
.sector path{fill:var(--felt);stroke:#e8d9a8aa;stroke-width:.8;cursor:pointer;transition:fill .15s}
.sector:hover path,.sector:focus-visible path{fill:#1f8a5a}
.live-baccarat .sector path{fill:#0f3f6e}
.sector text{fill:#fde68a;font-size:12px;font-weight:800;pointer-events:none;letter-spacing:.04em}
.track.upright .sector text{font-size:15px}.track.upright .tcell text{font-size:15px}
.tchip{pointer-events:none}
.tchip circle{stroke:#fff;stroke-width:2}
.tchip.pending circle{stroke-dasharray:3 2}
.tchip text{fill:#fff;font-size:8px;font-weight:900;paint-order:stroke;stroke:#000;stroke-width:2px}
.tchip .note{font-size:8px}
.nb{display:grid;grid-template-columns:auto auto auto;justify-items:center;align-items:center;gap:6px 10px;width:150px;flex:none;font-size:13px;font-weight:700}
.nb>span,.nb small{grid-column:1/-1;text-align:center}
.nb small{font-weight:400;font-size:11px;opacity:.7;line-height:1.3}
.nb-count{font-size:20px;min-width:24px;text-align:center;font-variant-numeric:tabular-nums}
.round-btn{width:38px;height:38px;border-radius:50%;background:#ffffff18;border:1px solid #ffffff30;font-size:22px;font-weight:700;display:grid;place-items:center}

.baccarat-scene{position:relative;min-height:250px;align-items:flex-start}
.hands{display:grid;grid-template-columns:1fr 1fr;gap:18px;width:min(100%,560px);padding:58px 8px 70px}
.live-baccarat .main{grid-template-rows:296px auto auto 1fr auto}
.hand-side{padding:8px;border-radius:14px;transition:box-shadow .3s,background .3s}
.hand-side h3{display:flex;align-items:center;justify-content:center;gap:8px;margin:0 0 8px;font-size:16px;text-transform:uppercase;letter-spacing:.08em}
.hand-side.player h3{color:#93c5fd}.hand-side.banker h3{color:#fca5a5}
.hand-side.player.won{background:#2563eb33;box-shadow:0 0 0 2px #60a5fa,0 0 26px #2563eb88}
.hand-side.banker.won{background:#dc262633;box-shadow:0 0 0 2px #f87171,0 0 26px #dc262688}
.tie-won .hand-side{box-shadow:0 0 0 2px #4ade80}
.total{display:inline-grid;place-items:center;min-width:34px;height:34px;border-radius:50%;background:#000a;border:2px solid currentColor;font-size:18px;color:#fff}
.total:empty{visibility:hidden}
.cards{display:flex;justify-content:center;align-items:center;gap:6px;min-height:110px}
.slot{width:68px;height:98px;border-radius:8px;border:2px dashed #ffffff20;perspective:700px;flex:none}
.slot.third{transform:rotate(90deg);margin:0 10px}
.slot:has(.card){border-color:transparent}
.card{width:100%;height:100%;animation:deal .45s ease-out both}
@keyframes deal{from{transform:translate(160px,-140px) rotate(-25deg);opacity:0}to{transform:none;opacity:1}}
.flip{position:relative;width:100%;height:100%;transform-style:preserve-3d;transition:transform .55s ease;transform:rotateY(180deg)}
.card.up .flip{transform:rotateY(0)}
.face{position:absolute;inset:0;border-radius:8px;backface-visibility:hidden;-webkit-backface-visibility:hidden;box-shadow:0 3px 8px #000a}
.front{background:#fdfdfb;color:#111}
.front.red{color:#c1121f}
.back{transform:rotateY(180deg);background:repeating-linear-gradient(45deg,#7f1d1d 0 5px,#991b1b 5px 10px);border:4px solid #fff}
.corner{position:absolute;left:6px;top:5px;font-size:17px;font-weight:900;line-height:1;text-align:center}
.pip{position:absolute;inset:0;display:grid;place-items:center;font-size:38px;padding-top:10px}
.shoe{position:absolute;right:14px;top:12px;width:58px;height:38px;border-radius:6px 14px 6px 6px;background:linear-gradient(#3f3f46,#18181b);
box-shadow:0 4px 10px #000a;display:flex;align-items:flex-end;padding:4px 5px;gap:2px}
.shoe i{flex:1;height:70%;background:repeating-linear-gradient(45deg,#7f1d1d 0 3px,#991b1b 3px 6px);border-radius:2px}
.hand{position:absolute;right:12px;bottom:8px;font-size:11px;opacity:.8;text-align:right;max-width:30%}
.burnt{position:absolute;bottom:8px;left:12px;font-size:11px;opacity:.75;margin:0;max-width:30%}

.spots{display:grid;grid-template-columns:repeat(6,minmax(0,1fr));grid-template-rows:72px 104px;gap:8px;max-width:760px;margin:0 auto;width:100%}
.spot{position:relative;display:flex;flex-direction:column;align-items:center;justify-content:center;gap:2px;border-radius:14px;border:2px solid #ffffff55;
background:#ffffff0d;font-weight:800;transition:background .15s,box-shadow .3s;min-width:0}
.spot:hover{background:#ffffff1f}
.spot .name{font-size:18px;text-transform:uppercase;letter-spacing:.06em;white-space:nowrap;overflow:hidden;text-overflow:ellipsis;max-width:100%;padding:0 4px}
.spot .pays{font-size:13px;opacity:.8}
.spot.playerPair{grid-column:1/3;border-color:#60a5fa88}.spot.tie{grid-column:3/5;border-color:#4ade80aa;color:#bbf7d0}
.spot.bankerPair{grid-column:5/7;border-color:#f8717188}
.spot.player{grid-column:1/4;border-color:#60a5fa;background:#2563eb22;color:#dbeafe}
.spot.banker{grid-column:4/7;border-color:#f87171;background:#dc262622;color:#fee2e2}
.spot.player .name,.spot.banker .name{font-size:24px}
.spot .stack{position:absolute;right:10px;bottom:8px;width:34px;height:34px;font-size:11px}
.spot.win{box-shadow:0 0 0 3px #fde68a,0 0 26px #fde68a88}

.roads{display:grid;grid-template-columns:minmax(0,2fr) minmax(0,5fr);gap:8px}
.road-box h2{font-size:11px;text-transform:uppercase;letter-spacing:.08em;opacity:.7;margin:0 0 4px}
.road{display:block;width:100%;height:auto;background:#f8fafc;border-radius:6px}
.road .lines line{stroke:#cbd5e1;stroke-width:.6}
.road text{fill:#fff;font-size:10px;font-weight:800}
.bead.player{fill:#2563eb}.bead.banker{fill:#dc2626}.bead.tie{fill:#16a34a}
.ring{fill:none;stroke-width:2}.ring.player{stroke:#2563eb}.ring.banker{stroke:#dc2626}.ring.tie{stroke:#16a34a}
.tie-slash{stroke:#16a34a;stroke-width:2}
.road text.ties{fill:#065f46;font-size:7px}
.dot{stroke:#fff;stroke-width:.8}.dot.banker{fill:#dc2626}.dot.player{fill:#2563eb}
.counts{display:flex;flex-direction:column;gap:6px}
.counts p{margin:0}
.count{display:flex;align-items:center;gap:8px;font-size:13px}
.count b{display:grid;place-items:center;width:24px;height:24px;border-radius:50%;color:#fff;font-size:12px;flex:none}
.count.player b{background:#2563eb}.count.banker b{background:#dc2626}.count.tie b{background:#16a34a}
.shoe-hand{font-size:14px;font-weight:700}

.controls{grid-area:controls;position:sticky;bottom:0;z-index:6;display:grid;grid-template-columns:auto minmax(0,1fr) auto;align-items:center;gap:12px;padding:10px 12px;
margin:0 -12px;background:linear-gradient(#0b1118ee,#05080cfa);border-top:1px solid #ffffff1a}
.meters{display:flex;gap:18px;min-width:0}
.meter{display:flex;flex-direction:column;min-width:0}
.meter label{font-size:11px;text-transform:uppercase;letter-spacing:.08em;opacity:.7;white-space:nowrap}
.meter .value{font-size:17px;font-weight:800;white-space:nowrap;font-variant-numeric:tabular-nums}
.meter output{display:inline}
.fun{font-size:10px;margin-left:4px;color:#fbbf24;font-weight:900;letter-spacing:.06em}
.pending-note{display:block;font-size:11px;font-weight:600;color:#fbbf24;white-space:nowrap}.pending-note:empty{display:none}
.value.none .fun{display:none}
.chips{display:flex;justify-content:center;gap:8px;overflow-x:auto;padding:6px 4px;scrollbar-width:none;min-width:0}
.chip{flex:none;width:50px;height:50px;border-radius:50%;background:var(--chip);color:#fff;font-weight:900;font-size:14px;
text-shadow:0 0 3px #000,0 0 2px #000;box-shadow:inset 0 0 0 4px #0003,inset 0 0 0 7px #ffffffb0,0 3px 6px #000a;transition:transform .15s}
.chip[aria-checked=true]{transform:translateY(-3px) scale(1.08);box-shadow:inset 0 0 0 4px #0003,inset 0 0 0 7px #ffffffb0,0 0 0 3px var(--accent),0 6px 14px #000a}
.chips.off .chip{opacity:.55}
.actions{display:flex;gap:4px;align-items:center}
.act{display:flex;flex-direction:column;align-items:center;gap:2px;min-width:54px;padding:4px;border-radius:10px;font-size:11px;font-weight:600}
.act span{max-width:100%;overflow:hidden;text-overflow:ellipsis;white-space:nowrap}
.act svg{width:22px;height:22px;fill:currentColor}
.act:not(:disabled):hover{background:#ffffff14}
.confirm{display:flex;align-items:center;gap:6px;height:46px;padding:0 18px;margin-left:6px;border-radius:23px;background:var(--accent);color:#1a1205;font-weight:900;white-space:nowrap}
.confirm svg{width:20px;height:20px;fill:currentColor}
.confirm.ready{animation:ready 1s ease-in-out infinite alternate}
.confirm.busy{opacity:.6}
@keyframes ready{to{transform:scale(1.05)}}

.panel{background:#0008;border:1px solid #ffffff14;border-radius:16px;padding:10px 12px;display:flex;flex-direction:column;min-height:0}
.panel h2{display:flex;align-items:center;justify-content:space-between;gap:8px;margin:0 0 8px;font-size:13px;text-transform:uppercase;letter-spacing:.08em}
.watching{display:inline-flex;align-items:center;gap:4px;font-size:12px;text-transform:none;letter-spacing:0;font-weight:500;opacity:.8}
.watching svg{width:16px;height:16px;fill:currentColor}
.seats{flex:0 1 auto;max-height:46%}
.seat-list{list-style:none;margin:0;padding:0;overflow-y:auto;display:flex;flex-direction:column;gap:2px;font-size:13px;scrollbar-width:thin}
.seat-list li{display:grid;grid-template-columns:minmax(0,1fr) auto auto;gap:10px;padding:5px 6px;border-radius:8px;align-items:center}
.seat-list li:nth-child(odd){background:#ffffff08}
.seat-list li.me{background:#f5c54226;font-weight:700}
.who{overflow:hidden;text-overflow:ellipsis;white-space:nowrap}
.bet{font-variant-numeric:tabular-nums;white-space:nowrap}
.won{color:#4ade80;font-weight:800;white-space:nowrap}.lost{opacity:.5}
.seat-list li.empty,.seat-list li.more{display:block;opacity:.7}
.chat{flex:1 1 auto}
.chat-log{list-style:none;margin:0;padding:0 4px 0 0;flex:1;min-height:120px;overflow-y:auto;display:flex;flex-direction:column;gap:5px;font-size:13px;
line-height:1.4;overflow-wrap:anywhere;scrollbar-width:thin;user-select:text}
.chat-log time{opacity:.5;font-size:11px;margin-right:6px;font-variant-numeric:tabular-nums}
.chat-log b{color:#fde68a;margin-right:6px}
.chat-form{display:flex;align-items:center;gap:6px;margin-top:8px}
.chat-form[hidden]{display:none}
.chat-form input{flex:1;min-width:0;font:inherit;font-size:14px;color:#fff;background:#0009;border:1px solid #ffffff38;border-radius:20px;padding:8px 12px;min-height:40px}
.counter{font-size:11px;opacity:.6;font-variant-numeric:tabular-nums;flex:none}.counter.full{color:#f87171;opacity:1}
.send{flex:none;width:40px;height:40px;border-radius:50%;background:var(--accent);color:#1a1205;display:grid;place-items:center}
.send svg{width:18px;height:18px;fill:currentColor}
.chat-note{font-size:12px;margin:8px 0 0;opacity:.85;line-height:1.4}.chat-note:empty{display:none}.chat-note.error{color:#fca5a5}

.toast{position:fixed;left:50%;bottom:110px;z-index:20;transform:translateX(-50%);background:#b91c1c;color:#fff;padding:10px 18px;border-radius:12px;
font-weight:600;box-shadow:0 6px 20px #0008;opacity:0;transition:opacity .25s;pointer-events:none;max-width:min(92vw,560px);text-align:center}
.toast.info{background:#1e3a8a}
.toast.show{opacity:1}
dialog{max-width:min(620px,94vw);max-height:88vh;overflow:auto;border:1px solid #fff3;border-radius:18px;background:#111827f5;color:#fff;padding:18px 20px;user-select:text}
dialog::backdrop{background:#000a}
dialog h2{margin:0 40px 12px 0;font-size:20px}
dialog p{font-size:14px;line-height:1.5;opacity:.92}dialog p.small{font-size:12px;opacity:.75}
dialog .x{position:absolute;right:10px;top:8px;width:40px;height:40px;font-size:24px}
.field{display:flex;flex-direction:column;gap:4px;margin:12px 0;font-size:13px;opacity:.95}
.copy-row{display:flex;gap:6px;align-items:stretch}
.mono{flex:1;min-width:0;font-family:ui-monospace,Menlo,Consolas,monospace;word-break:break-all;font-size:12px;background:#0008;padding:7px 9px;border-radius:8px}
.copy{flex:none;width:38px;border-radius:8px;background:#ffffff14;display:grid;place-items:center}.copy svg{width:18px;height:18px;fill:currentColor}
.copy.done{background:#16a34a}
table.limits{width:100%;border-collapse:collapse;font-size:13px}
table.limits th,table.limits td{text-align:left;padding:6px 8px;border-bottom:1px solid #ffffff18;white-space:nowrap}
table.limits td{font-variant-numeric:tabular-nums}

@media (max-width:1100px) and (min-width:761px){
.table-layout{grid-template-columns:minmax(0,1fr) 290px}
.main{grid-template-columns:140px minmax(0,1fr);grid-template-rows:250px auto auto auto 1fr auto;
grid-template-areas:"dealer scene" "stats stats" "history history" "board board" ". ." "controls controls"}
.live-baccarat .main{grid-template-rows:296px auto auto auto 1fr auto}
.hcs{display:grid;grid-template-columns:1fr 1fr;gap:4px 12px}.shares{display:grid;grid-template-columns:repeat(3,minmax(0,1fr));gap:4px 12px}
.act span{display:none}.act{min-width:40px}
}
@media (max-width:760px){
#app{overflow-y:auto;overflow-x:hidden;display:block}
.main>*{scroll-margin-top:58px}
.top{position:sticky;top:0;z-index:8;padding:6px 8px;gap:6px;background:#05080cf0}
.top h1{font-size:15px}.top .label{display:none}.top-btn{height:36px;min-width:36px;padding:0 8px}.demo{font-size:11px;padding:3px 6px}
.round-no{font-size:12px}
.table-layout{display:block}
.main{overflow:visible;padding:8px 8px 0;gap:8px 6px;grid-template-columns:96px minmax(0,1fr);grid-template-rows:auto;
grid-template-areas:"dealer scene" "history history" "board board" "stats stats" "controls controls"}
.hcs{display:flex;flex-direction:column}
.side{padding:8px}
.dealer{justify-content:center}.dealer svg{flex:none}
.scene-wrap{min-height:0;padding:48px 0 8px}
.wheel{width:min(100%,200px)}
.phase{left:50%;top:6px;transform:translateX(-50%);padding:3px 12px 3px 3px;gap:6px}.seconds{width:32px;height:32px;font-size:15px}.timebar{width:86px}.phase-text{font-size:11px}
.live-roulette :is(.banner.red,.banner.black,.banner.green),.live-roulette .banner.show:is(.red,.black,.green){left:6px;right:6px;top:auto;bottom:6px;transform:none;min-width:0;max-width:none;flex-direction:row;justify-content:center;gap:10px;padding:6px 10px}
.banner b{font-size:18px}.banner.red b,.banner.black b,.banner.green b{width:46px;height:46px;font-size:24px}.banner span{font-size:12px}
.tabs{display:flex}
.board[data-tab=table] .track-wrap{display:none}
.board[data-tab=track] .grid{display:none}
.grid{grid-template-columns:minmax(0,.8fr) minmax(0,.8fr) repeat(3,minmax(0,1.3fr));grid-template-rows:42px repeat(12,36px) 42px;
grid-template-areas:". . n n n" "e1 d1 n n n" "e1 d1 n n n" "e2 d1 n n n" "e2 d1 n n n" "e3 d2 n n n" "e3 d2 n n n" "e4 d2 n n n" "e4 d2 n n n"
"e5 d3 n n n" "e5 d3 n n n" "e6 d3 n n n" "e6 d3 n n n" ". . c1 c2 c3"}
.nums{grid-template-columns:repeat(3,minmax(0,1fr));grid-template-rows:repeat(13,minmax(0,1fr))}
.num{grid-column:var(--pc);grid-row:var(--pr);font-size:16px}
.num.zero{grid-column:1/4;grid-row:1;border-radius:50% 50% 0 0/100% 100% 0 0}
.overlay .stack{left:var(--px);top:var(--py)}
.out:not(.col) .label{writing-mode:vertical-rl;transform:rotate(180deg);font-size:13px}
.diamond{transform:scaleX(.62) rotate(45deg)}
.track-wrap{flex-direction:column;gap:10px}
.track.wide{display:none}.track.upright{display:block;max-width:280px;margin:0 auto}
.nb{order:-1}
.overlay .stack{width:25px;height:25px;font-size:9px}
.out:not(.col) .stack{right:auto;top:auto;left:50%;bottom:4px;transform:translateX(-50%)}
.nb{width:auto;grid-template-columns:auto auto auto auto;gap:6px 12px}.nb>span{grid-column:auto}.nb small{grid-column:1/-1}
.live-baccarat .main{grid-template-rows:auto;grid-template-areas:"dealer stats" "scene scene" "board board" "history history" "controls controls"}
.hands{gap:8px;padding:0 2px 62px}.slot{width:44px;height:64px}.slot.third{margin:0 8px}.cards{gap:4px;min-height:72px}
.hand,.burnt{display:none}.shoe{top:-42px;right:6px}.spot .stack{width:26px;height:26px;font-size:9px;right:6px;top:6px;bottom:auto}
.corner{font-size:13px;left:4px;top:3px}.pip{font-size:26px}
.hand-side h3{font-size:13px;gap:5px}.total{min-width:28px;height:28px;font-size:15px}
.shoe{width:44px;height:30px}
.spots{grid-template-rows:66px 92px;gap:6px}.spot .name{font-size:14px}.spot.player .name,.spot.banker .name{font-size:19px}
.roads{grid-template-columns:1fr}
.controls{grid-template-columns:minmax(0,1fr);gap:4px;padding:6px 8px 8px;margin:0 -8px}
.chips{order:1;justify-content:flex-start;gap:6px;padding:6px 2px}
.chip{width:46px;height:46px;font-size:13px}
.actions{order:2;justify-content:space-between}.act{min-width:0;flex:1;font-size:10px}.confirm{height:44px;padding:0 14px;margin-left:4px}
.meters{order:0;justify-content:space-between;gap:8px}.meter .value{font-size:15px}.meter label{font-size:10px}
.seats{max-height:none}.chat-log{max-height:300px}
.toast{bottom:190px}
}
@media (prefers-reduced-motion:reduce){*,*::before,*::after{animation:none!important;transition:none!important}}
`;
