/** The game client's style sheet (inlined into the page; the CSP allows inline styles only). */
export const GAME_CSS = `
*{box-sizing:border-box}html,body{margin:0;height:100%;overflow:hidden}
body{font-family:system-ui,-apple-system,"Segoe UI",Roboto,"Noto Sans","Noto Sans Devanagari",sans-serif;color:#fff;
background:#0b1038 var(--bg) center/cover no-repeat;-webkit-tap-highlight-color:transparent;user-select:none}
button{font:inherit;color:inherit;cursor:pointer;border:0;background:none}
button:focus-visible,input:focus-visible,select:focus-visible{outline:3px solid var(--accent);outline-offset:2px}
#app{display:flex;flex-direction:column;height:100%;max-width:1200px;margin:0 auto;padding:8px 12px 10px;gap:8px}
.top{display:flex;align-items:center;gap:8px;min-height:44px}
.top h1{font-size:clamp(16px,2.4vw,24px);margin:0 auto 0 4px;letter-spacing:.04em;text-shadow:0 2px 8px #0008;white-space:nowrap;overflow:hidden;text-overflow:ellipsis}
.chip{display:inline-flex;align-items:center;justify-content:center;gap:6px;min-width:44px;height:40px;padding:0 12px;border-radius:20px;
background:#0006;border:1px solid #fff3;backdrop-filter:blur(6px);font-size:14px;font-weight:600}
a.chip,a.btn{text-decoration:none;color:#fff}a.btn{display:inline-block}
.chip svg{width:20px;height:20px;fill:currentColor}
.chip[aria-pressed=true]{background:var(--accent);color:#1b0b2e;border-color:transparent}
.demo{background:#f59e0b;color:#1b0b2e;font-weight:900;letter-spacing:.12em;border-radius:6px;padding:3px 8px;font-size:13px}
.stage{position:relative;flex:1;min-height:0;display:flex;flex-direction:column;align-items:center;justify-content:center;gap:6px}
.feature{display:flex;gap:12px;align-items:center;padding:6px 16px;border-radius:18px;background:linear-gradient(90deg,#ff006e,#8338ec);
font-weight:800;box-shadow:0 0 20px #ff006e88}
.feature[hidden]{display:none}
.frame{position:relative;padding:10px;border-radius:22px;background:linear-gradient(160deg,#ffffff30,#ffffff08);border:2px solid #ffffff40;
box-shadow:0 12px 40px #0009,inset 0 0 30px #0005;aspect-ratio:var(--reels)/var(--rows);max-width:100%;max-height:100%;
width:min(100%,calc((100vh - 230px) * var(--reels) / var(--rows)))}
.reels{position:relative;display:grid;grid-template-columns:repeat(var(--reels),1fr);gap:6px;width:100%;height:100%}
.reel{position:relative;overflow:hidden;border-radius:12px;background:linear-gradient(#00000055,#00000022 50%,#00000055)}
.strip{position:absolute;left:0;right:0;top:0;will-change:transform}
.cell{height:var(--cell);display:flex;align-items:center;justify-content:center;padding:7%}
.cell img{width:100%;height:100%;object-fit:contain;pointer-events:none;transition:transform .25s,opacity .25s,filter .25s}
.reels.has-win .cell img{opacity:.35;filter:saturate(.4)}
.reels.has-win .cell.win img{opacity:1;filter:drop-shadow(0 0 10px var(--glow)) saturate(1.2);animation:pulse .8s ease-in-out infinite alternate}
.cell.pop img{transform:scale(0);opacity:0}
@keyframes pulse{from{transform:scale(1)}to{transform:scale(1.12)}}
.lines{position:absolute;inset:0;pointer-events:none;overflow:visible}
.lines polyline{fill:none;stroke:var(--accent);stroke-linejoin:round;stroke-linecap:round;opacity:.9;filter:drop-shadow(0 0 4px var(--accent))}
.banner{position:absolute;left:50%;top:50%;transform:translate(-50%,-50%) scale(.6);opacity:0;pointer-events:none;text-align:center;
z-index:5;padding:18px 40px;border-radius:22px;background:radial-gradient(circle,#2a0f4ef2,#0b0620f2);border:3px solid var(--accent);
box-shadow:0 0 40px var(--accent);font-size:clamp(16px,2.4vw,22px);font-weight:800;text-transform:uppercase;letter-spacing:.06em;transition:transform .3s,opacity .3s}
.banner.show{opacity:1;transform:translate(-50%,-50%) scale(1)}
.banner b{display:block;margin-top:4px;font-size:clamp(30px,6vw,60px);letter-spacing:0;color:var(--accent);text-shadow:0 0 18px var(--accent)}
.controls{display:grid;grid-template-columns:1fr auto 1fr;align-items:center;gap:10px;padding:8px 12px;border-radius:20px;background:#000a;border:1px solid #fff2}
.meter{display:flex;flex-direction:column;min-width:0}
.meter label{font-size:11px;text-transform:uppercase;letter-spacing:.08em;opacity:.7}
.meter output{font-size:clamp(14px,2vw,19px);font-weight:800;white-space:nowrap;overflow:hidden;text-overflow:ellipsis;font-variant-numeric:tabular-nums}
.left,.right{display:flex;gap:10px;align-items:center}
.right{justify-content:flex-end}
.betbox{display:flex;align-items:center;gap:4px}
.round{width:40px;height:40px;border-radius:50%;background:#ffffff1c;border:1px solid #fff4;font-size:22px;font-weight:700;display:grid;place-items:center}
.round svg{width:20px;height:20px;fill:currentColor}
.round[aria-pressed=true]{background:var(--accent);color:#1b0b2e}
.round:disabled,.spin:disabled{opacity:.45;cursor:default}
.center{display:flex;align-items:center;gap:10px}
.spin{width:76px;height:76px;border-radius:50%;background:radial-gradient(circle at 35% 30%,#fff8,transparent 40%),linear-gradient(145deg,var(--accent),#f97316);
color:#1b0b2e;font-weight:900;font-size:15px;letter-spacing:.04em;box-shadow:0 6px 18px #0009,0 0 0 4px #ffffff30;display:grid;place-items:center}
.spin svg{width:34px;height:34px;fill:#1b0b2e}
.spin.busy svg{animation:turn 1s linear infinite}
.spin .count{font-size:20px}
@keyframes turn{to{transform:rotate(360deg)}}
.toast{position:fixed;left:50%;bottom:130px;transform:translateX(-50%);background:#b91c1c;color:#fff;padding:10px 18px;border-radius:12px;
font-weight:600;box-shadow:0 6px 20px #0008;opacity:0;transition:opacity .25s;pointer-events:none;max-width:90vw;text-align:center}
.toast.show{opacity:1}
dialog{max-width:min(560px,94vw);max-height:88vh;overflow:auto;border:1px solid #fff3;border-radius:18px;background:#141432f2;color:#fff;padding:18px 20px;user-select:text}
dialog::backdrop{background:#000a}
dialog h2{margin:0 0 12px;font-size:20px}dialog h3{margin:16px 0 6px;font-size:15px;color:var(--accent)}
dialog p,dialog li{font-size:14px;line-height:1.5;opacity:.92}
dialog .x{position:absolute;right:10px;top:8px;width:40px;height:40px;font-size:24px}
.sym{display:grid;grid-template-columns:repeat(auto-fill,minmax(64px,1fr));gap:8px}
.sym figure{margin:0;text-align:center;font-size:12px}.sym img{width:56px;height:56px}
.facts{display:grid;grid-template-columns:auto 1fr;gap:4px 14px;font-size:14px}.facts dt{opacity:.7}
.mono{font-family:ui-monospace,Menlo,Consolas,monospace;word-break:break-all;font-size:13px;background:#0006;padding:6px 8px;border-radius:8px}
.row{display:flex;gap:8px;align-items:center;flex-wrap:wrap;margin:8px 0}
.field{display:flex;flex-direction:column;gap:4px;margin:10px 0;font-size:14px}
input,select{font:inherit;color:#fff;background:#0008;border:1px solid #fff4;border-radius:10px;padding:8px 10px;min-height:40px}
.btn{padding:9px 16px;border-radius:12px;background:var(--accent);color:#1b0b2e;font-weight:800;min-height:40px}
.btn.ghost{background:#ffffff1a;color:#fff;border:1px solid #fff4}
@media (max-width:640px){
#app{padding:6px 8px 8px}.top{gap:6px}.top h1{font-size:16px}.chip .label{display:none}.chip{padding:0 8px;min-width:38px;height:38px}
.demo{font-size:11px;padding:3px 6px}
.frame{width:100%;padding:6px;border-radius:16px;aspect-ratio:auto;height:min(100%,calc((100vw - 16px) * var(--rows) / var(--reels) * 1.3))}.reels{gap:4px}
.controls{grid-template-columns:1fr 1fr;grid-template-areas:"bal win" "ctl ctl";padding:8px;gap:6px}
.left{grid-area:bal}.right{grid-area:win}.center{grid-area:ctl;justify-content:space-between;width:100%}
.spin{width:68px;height:68px}
}
@media (prefers-reduced-motion:reduce){*{animation:none!important;transition:none!important}}
`;
