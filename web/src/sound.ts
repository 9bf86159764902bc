// Soft contact sounds, synthesised with Web Audio: a short filtered noise
// burst (the knock) with a faint tone (the ring of wood), louder for harder
// contacts. Muting is remembered between visits.
const KEY = "carrom-muted";

export class Sound {
  private ctx: AudioContext | null = null;
  private noise: AudioBuffer | null = null;
  private last = 0;
  muted = localStorage.getItem(KEY) === "1";

  toggle(): boolean {
    this.muted = !this.muted;
    localStorage.setItem(KEY, this.muted ? "1" : "0");
    return this.muted;
  }

  // unlock creates the audio context; browsers allow it only in answer to a gesture.
  unlock(): void {
    if (this.ctx || typeof AudioContext === "undefined") return;
    this.ctx = new AudioContext();
    const n = Math.floor(this.ctx.sampleRate * 0.05);
    this.noise = this.ctx.createBuffer(1, n, this.ctx.sampleRate);
    const d = this.noise.getChannelData(0);
    for (let i = 0; i < n; i++) d[i] = (Math.random() * 2 - 1) * Math.exp(-i / (n / 6));
  }

  // drop is a piece falling into a pocket: a low, short thud.
  drop(): void {
    const ctx = this.ctx;
    if (this.muted || !ctx) return;
    const t = ctx.currentTime, osc = ctx.createOscillator(), g = ctx.createGain();
    osc.frequency.setValueAtTime(220, t); osc.frequency.exponentialRampToValueAtTime(90, t + 0.15);
    g.gain.setValueAtTime(0.18, t); g.gain.exponentialRampToValueAtTime(0.001, t + 0.18);
    osc.connect(g).connect(ctx.destination);
    osc.start(t); osc.stop(t + 0.2);
  }

  // knock plays one contact; strength in [0, 1]; pitch higher for a cushion.
  knock(strength: number, cushion = false): void {
    const ctx = this.ctx;
    if (this.muted || !ctx || !this.noise || strength < 0.02) return;
    // A cluster of simultaneous contacts sounds as one.
    if (ctx.currentTime - this.last < 0.012) return;
    this.last = ctx.currentTime;
    const t = ctx.currentTime, vol = 0.05 + 0.25 * Math.min(1, strength);
    const src = ctx.createBufferSource();
    src.buffer = this.noise;
    const bp = ctx.createBiquadFilter();
    bp.type = "bandpass"; bp.frequency.value = cushion ? 900 : 2200; bp.Q.value = 1.2;
    const g = ctx.createGain();
    g.gain.setValueAtTime(vol, t); g.gain.exponentialRampToValueAtTime(0.001, t + 0.06);
    src.connect(bp).connect(g).connect(ctx.destination);
    src.start(t);
    const osc = ctx.createOscillator();
    osc.frequency.value = cushion ? 320 : 1400;
    const og = ctx.createGain();
    og.gain.setValueAtTime(vol * 0.25, t); og.gain.exponentialRampToValueAtTime(0.0005, t + 0.08);
    osc.connect(og).connect(ctx.destination);
    osc.start(t); osc.stop(t + 0.09);
  }

  // tone plays notes one after another: [frequency Hz, seconds] each.
  private tone(notes: [number, number][], vol = 0.12, type: OscillatorType = "sine", name = ""): void {
    const ctx = this.ctx;
    if (this.muted) return;
    // The last signal given, for tests and assistive tools.
    if (name) document.body.dataset.sound = name;
    if (!ctx) return;
    let t = ctx.currentTime;
    for (const [f, d] of notes) {
      const osc = ctx.createOscillator(), g = ctx.createGain();
      osc.type = type; osc.frequency.value = f;
      g.gain.setValueAtTime(vol, t); g.gain.exponentialRampToValueAtTime(0.001, t + d);
      osc.connect(g).connect(ctx.destination);
      osc.start(t); osc.stop(t + d + 0.02);
      t += d * 0.8;
    }
  }

  // turn: two rising notes, the player's turn has come.
  turn(): void { this.tone([[660, 0.12], [880, 0.18]], 0.08, "sine", "turn"); }
  // foul: a low buzz.
  foul(): void { this.tone([[150, 0.25]], 0.08, "square", "foul"); }
  // tick: one of the clock's last five seconds.
  tick(): void { this.tone([[1800, 0.03]], 0.05, "square", "tick"); }
  // fanfare: a board won (a rising arpeggio) or lost (a falling pair).
  fanfare(won: boolean): void {
    this.tone(won ? [[523, 0.15], [659, 0.15], [784, 0.15], [1047, 0.35]] : [[440, 0.2], [330, 0.35]], 0.1, "triangle", won ? "board won" : "board lost");
  }
}
