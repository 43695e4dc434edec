"""The game's sound effects, synthesised in pure Python and written as small MP3 files.

Card sounds are white noise shaped by envelopes and state-variable filters: a card landing is a
high-passed click (its edge), a band-passed flap (the paper) and a low-passed thump (the felt),
each with a millisecond attack and an exponential decay; a slide or swish is band-passed noise
whose centre sweeps upwards, roughened by a slow random grain (paper rubbing on paper).
The music is plucked strings by Karplus-Strong: a one-period noise burst (darkened and combed
for the pluck position) circulating in a delay line with a damping one-zero filter and an
all-pass for exact tuning; each course has two or three slightly detuned strings, as on an oud or
a qanun, and the phrases use maqam Hijaz on D (D Eb F# G A Bb C D).
Each is peak-normalised (cards -7/-6 dBFS, music -4/-3), faded in and out, then encoded by LAME
(lameenc: 22050 Hz mono, 48 kbps CBR) behind an Info tag giving the encoder's delay and padding.

    python tools/sounds.py OUT_DIR      write OUT_DIR/<name>.mp3 for every sound
"""

from __future__ import annotations

import math
import random
import struct
import sys
from collections.abc import Callable, Sequence
from pathlib import Path

import lameenc  # type: ignore[import-not-found]  # (no stubs)

RATE = 22050  # Hz; MPEG-2 layer III, which every browser decodes
KBPS = 48  # constant bit rate, mono
EXT = ".mp3"
Signal = list[float]

# Maqam Hijaz on D: the notes the phrases use (Hz, equal temperament).
D3, FS3, G3, A3 = 146.83, 185.00, 196.00, 220.00
D4, EB4, FS4, G4, A4, BB4, C5, D5 = 293.66, 311.13, 369.99, 392.00, 440.00, 466.16, 523.25, 587.33


# --- building blocks -------------------------------------------------------------------------


def silence(seconds: float) -> Signal:
    return [0.0] * round(seconds * RATE)


def noise(rng: random.Random, n: int) -> Signal:
    return [2.0 * rng.random() - 1.0 for _ in range(n)]


def envelope(n: int, attack: float, decay: float) -> Signal:
    """A raised-cosine rise over ``attack`` seconds, then an exponential fall (time constant
    ``decay`` seconds)."""
    rise = max(1, round(attack * RATE))
    fall = decay * RATE
    return [
        0.5 - 0.5 * math.cos(math.pi * i / rise) if i < rise else math.exp(-(i - rise) / fall)
        for i in range(n)
    ]


def svf(x: Signal, cutoff: float | Sequence[float], q: float, mode: str) -> Signal:
    """A state-variable filter (Zavalishin's TPT form, stable when swept): mode "low", "band"
    (unity gain at the centre) or "high"; ``cutoff`` in Hz, fixed or one value per sample."""
    k = 1.0 / q
    ic1 = ic2 = 0.0
    out: Signal = []
    cuts = [float(cutoff)] * len(x) if isinstance(cutoff, float | int) else cutoff
    for v, fc in zip(x, cuts, strict=True):
        g = math.tan(math.pi * min(fc, 0.45 * RATE) / RATE)
        a1 = 1.0 / (1.0 + g * (g + k))
        v3 = v - ic2
        v1 = a1 * ic1 + g * a1 * v3
        v2 = ic2 + g * v1
        ic1, ic2 = 2.0 * v1 - ic1, 2.0 * v2 - ic2
        out.append(v2 if mode == "low" else k * v1 if mode == "band" else v - k * v1 - v2)
    return out


def times(a: Signal, b: Signal) -> Signal:
    return [p * q for p, q in zip(a, b, strict=False)]


def peak(x: Signal) -> float:
    return max((abs(v) for v in x), default=0.0) or 1.0


def scaled(x: Signal, to: float) -> Signal:
    """``x`` with its peak at ``to``."""
    gain = to / peak(x)
    return [v * gain for v in x]


def mix(into: Signal, sound: Signal, at: float, gain: float = 1.0) -> None:
    """Add ``sound`` into ``into`` from ``at`` seconds (cut at its end)."""
    start = round(at * RATE)
    for i, v in enumerate(sound[: max(0, len(into) - start)]):
        into[start + i] += gain * v


# --- cards -----------------------------------------------------------------------------------


def snap(rng: random.Random, weight: float = 1.0, bright: float = 1.0) -> Signal:
    """A card landing on felt: edge click, paper flap, table thump."""
    n = round(0.12 * RATE)
    click = times(svf(noise(rng, n), 2500.0 * bright, 0.7, "high"), envelope(n, 0.0004, 0.004))
    flap = times(svf(noise(rng, n), 1100.0 * bright, 1.1, "band"), envelope(n, 0.001, 0.016))
    thump = times(svf(noise(rng, n), 230.0, 0.9, "low"), envelope(n, 0.002, 0.028))
    out = silence(0.12)
    mix(out, scaled(click, 0.45), 0.0)
    mix(out, scaled(flap, 0.8), 0.0)
    mix(out, scaled(thump, 0.7 * weight), 0.0)
    return out


def swish(rng: random.Random, seconds: float, low: float, high: float, q: float = 1.3) -> Signal:
    """Cards sliding over cards: band-passed noise swept from ``low`` to ``high`` Hz, rising
    then fading, with a rough grain."""
    n = round(seconds * RATE)
    sweep = [low * (high / low) ** (i / n) for i in range(n)]
    grain = svf(noise(rng, n), 70.0, 0.7, "low")
    rough = 1.0 / peak(grain)
    rise = 0.35 * n
    shape = [
        (0.5 - 0.5 * math.cos(math.pi * i / rise))
        if i < rise
        else (0.5 + 0.5 * math.cos(math.pi * (i - rise) / (n - rise))) ** 1.5
        for i in range(n)
    ]
    body = svf(noise(rng, n), sweep, q, "band")
    return [
        b * s * (0.55 + 0.45 * abs(g) * rough) for b, s, g in zip(body, shape, grain, strict=True)
    ]


# --- strings ---------------------------------------------------------------------------------


def string(freq: float, n: int, excitation: Signal, t60: float) -> Signal:
    """Karplus-Strong: ``excitation`` fed into a loop of one period (delay line, averaging
    one-zero low-pass, fractional-delay all-pass) whose fundamental dies by 60 dB in ``t60``."""
    period = RATE / freq - 0.5  # the averaging filter delays by half a sample
    size = int(period - 0.1)
    frac = period - size  # in [0.1, 1.1): the all-pass's best range
    c = (1.0 - frac) / (1.0 + frac)
    rho = 10.0 ** (-3.0 / (freq * t60))
    line = [0.0] * size
    before = ap_in = ap_out = 0.0
    out: Signal = []
    for i in range(n):
        delayed = line[i % size]
        low = rho * 0.5 * (delayed + before)
        before = delayed
        ap_out = c * low + ap_in - c * ap_out
        ap_in = low
        y = ap_out + (excitation[i] if i < len(excitation) else 0.0)
        line[i % size] = y
        out.append(y)
    return out


def pluck(
    rng: random.Random,
    freq: float,
    seconds: float,
    *,
    bright: float = 0.5,
    at: float = 0.15,
    t60: float = 1.0,
    course: int = 2,
    cents: float = 3.0,
) -> Signal:
    """A plucked course of ``course`` strings detuned by ``cents`` about ``freq``, each excited
    by its own one-period noise burst (so that they never cancel out), one-pole darkened
    (``bright`` in (0, 1]) and combed for a pluck at ``at`` of the string; the plectrum's tick on
    top."""
    n = round(seconds * RATE)
    length = round(RATE / freq)
    gap = max(1, round(at * length))
    out = [0.0] * n
    for j in range(course):
        smooth, state = [], 0.0
        for v in noise(rng, length):
            state += bright * (v - state)
            smooth.append(state)
        comb = [smooth[i] - (smooth[i - gap] if i >= gap else 0.0) for i in range(length)]
        mean = sum(comb) / length
        detune = 2.0 ** (cents * (j - (course - 1) / 2) / 1200.0)
        late = 0.0007 * j  # the strings of a course are not struck quite together
        mix(out, string(freq * detune, n, [v - mean for v in comb], t60), late)
    tick = times(svf(noise(rng, 160), 3000.0, 0.8, "high"), envelope(160, 0.0003, 0.0015))
    mix(out, scaled(tick, 0.12 * peak(out)), 0.0)
    return out


def oud(rng: random.Random, freq: float, seconds: float, soft: float = 1.0) -> Signal:
    """A darker, shorter-lived double course, with the body's low resonance."""
    s = pluck(rng, freq, seconds, bright=0.35 * soft, at=0.2, t60=1.0, course=2, cents=2.0)
    body = svf(s, 260.0, 2.0, "band")
    return [v + 0.35 * b for v, b in zip(s, body, strict=True)]


def qanun(rng: random.Random, freq: float, seconds: float) -> Signal:
    """A bright triple course plucked near the bridge, ringing longer."""
    return pluck(rng, freq, seconds, bright=0.8, at=0.1, t60=1.8, course=3, cents=1.5)


# --- the sounds ------------------------------------------------------------------------------


def deal(rng: random.Random) -> Signal:
    out = silence(0.5)
    for k in range(4):
        at = 0.085 * k + 0.012 * rng.random()
        mix(out, swish(rng, 0.035, 2200.0, 4200.0), at, 0.25)
        mix(out, snap(rng, weight=0.5, bright=1.3), at + 0.028, 0.8 + 0.2 * rng.random())
    return out


def play(rng: random.Random) -> Signal:
    out = silence(0.26)
    mix(out, swish(rng, 0.03, 1500.0, 3000.0), 0.0, 0.15)
    mix(out, snap(rng), 0.022)
    return out


def capture(rng: random.Random) -> Signal:
    out = silence(0.34)
    mix(out, swish(rng, 0.2, 1200.0, 3600.0), 0.0)
    mix(out, snap(rng, weight=0.6, bright=0.8), 0.17, 0.45)
    return out


def leftovers(rng: random.Random) -> Signal:
    out = silence(0.9)
    for k, at in enumerate((0.0, 0.13, 0.27, 0.42)):
        sweep = swish(rng, 0.17 + 0.03 * rng.random(), 900.0 + 200 * k, 3000.0 + 300 * k)
        mix(out, sweep, at + 0.02 * rng.random(), 0.75 + 0.25 * rng.random())
    mix(out, snap(rng, weight=0.7, bright=0.8), 0.62, 0.5)
    mix(out, snap(rng, weight=0.7, bright=0.8), 0.7, 0.4)
    return out


def chkobba(rng: random.Random) -> Signal:
    out = silence(1.25)
    mix(out, scaled(swish(rng, 0.18, 1300.0, 4000.0), 0.5), 0.0)
    notes = ((A4, 0.12), (BB4, 0.17), (C5, 0.22), (D5, 0.27), (D5, 0.33), (D5, 0.39))
    for k, (freq, at) in enumerate(notes):
        mix(out, qanun(rng, freq, 1.25 - at), at, 0.85 if k < 3 else 1.0 - 0.15 * (k - 3))
    mix(out, qanun(rng, D4, 0.8), 0.45, 0.7)
    return out


def deal_end(rng: random.Random) -> Signal:
    out = silence(0.7)
    mix(out, oud(rng, A4, 0.7), 0.0, 0.8)
    mix(out, oud(rng, D5, 0.57), 0.13)
    mix(out, oud(rng, D4, 0.57), 0.135, 0.5)
    return out


def win(rng: random.Random) -> Signal:
    out = silence(1.2)
    for k, freq in enumerate((D4, EB4, FS4, G4, A4)):
        mix(out, oud(rng, freq, 1.2 - 0.1 * k), 0.1 * k, 0.7 + 0.05 * k)
    mix(out, oud(rng, D5, 0.62), 0.58)
    mix(out, oud(rng, D4, 0.62), 0.585, 0.6)
    return out


def lose(rng: random.Random) -> Signal:
    out = silence(0.8)
    for k, freq in enumerate((A3, G3, FS3)):
        mix(out, oud(rng, freq, 0.8 - 0.2 * k, soft=0.7), 0.2 * k, 1.0 - 0.1 * k)
    mix(out, oud(rng, D3, 0.4, soft=0.6), 0.4, 0.35)
    return out


# name -> (synthesis, peak in dBFS, seed): the card sounds quieter than the music
SOUNDS: dict[str, tuple[Callable[[random.Random], Signal], float, int]] = {
    "deal": (deal, -7.0, 11),
    "play": (play, -7.0, 12),
    "capture": (capture, -6.0, 13),
    "chkobba": (chkobba, -3.0, 14),
    "leftovers": (leftovers, -6.0, 15),
    "deal-end": (deal_end, -4.0, 16),
    "win": (win, -3.0, 17),
    "lose": (lose, -4.0, 18),
}
FADE_IN = 0.002  # seconds, so that no sound starts with a click
FADE_OUT = 0.06  # and none ends with one


def render(name: str) -> Signal:
    """The named sound as samples in [-1, 1], at its peak, faded in and out."""
    make, dbfs, seed = SOUNDS[name]
    x = scaled(make(random.Random(seed)), 10.0 ** (dbfs / 20.0))
    n, rise, fall = len(x), round(FADE_IN * RATE), round(FADE_OUT * RATE)
    for i in range(rise):
        x[i] *= 0.5 - 0.5 * math.cos(math.pi * i / rise)
    for i in range(fall):
        x[n - 1 - i] *= 0.5 - 0.5 * math.cos(math.pi * i / fall)
    return x


def encode(samples: Signal) -> bytes:
    """16-bit PCM, then LAME at a constant bit rate (deterministic: no time, no randomness),
    behind an Info tag that tells decoders to drop the encoder's delay and padding."""
    pcm = struct.pack(
        f"<{len(samples)}h", *(round(32767 * max(-1.0, min(1.0, v))) for v in samples)
    )
    encoder = lameenc.Encoder()
    encoder.set_channels(1)
    encoder.set_in_sample_rate(RATE)
    encoder.set_out_sample_rate(RATE)
    encoder.set_bit_rate(KBPS)
    encoder.set_quality(2)
    encoder.silence()
    return info_tag(bytes(encoder.encode(pcm)) + bytes(encoder.flush()), len(samples))


# MPEG-2 layer III bit rates (kbps) by header index; a frame holds 576 samples.
BIT_RATES = (0, 8, 16, 24, 32, 40, 48, 56, 64, 80, 96, 112, 128, 144, 160)
FRAME = 576
LAME_DELAY = 576  # samples LAME puts before the sound (decoders add their own 529)
TAG_KBPS = 64  # the tag's frame: the smallest rate whose frame holds it (as LAME does)


def frame_sizes(mp3: bytes) -> list[int]:
    """The byte size of each MPEG-2 layer III frame of ``mp3``, checking each header."""
    sizes, at = [], 0
    while at < len(mp3):
        head = mp3[at : at + 4]
        if len(head) < 4 or head[0] != 0xFF or head[1] & 0xFE != 0xF2 or head[2] & 0x0C:
            raise ValueError(f"no MPEG-2 layer III {RATE} Hz frame at byte {at}")
        sizes.append(72000 * BIT_RATES[head[2] >> 4] // RATE + (head[2] >> 1 & 1))
        at += sizes[-1]
    return sizes


def crc16(data: bytes) -> int:
    """CRC-16/ARC, the LAME tag's."""
    crc = 0
    for byte in data:
        crc ^= byte
        for _ in range(8):
            crc = (crc >> 1) ^ 0xA001 if crc & 1 else crc >> 1
    return crc


def info_tag(mp3: bytes, samples: int) -> bytes:
    """``mp3`` behind a silent first frame holding a Xing "Info" tag and a LAME tag (frames,
    bytes, seek table, encoder delay and padding), which lameenc does not write: browsers then
    decode exactly ``samples`` samples, starting with the sound's first."""
    frames = len(frame_sizes(mp3))
    padding = frames * FRAME - LAME_DELAY - samples
    assert 0 <= padding < 4096
    size = 72000 * TAG_KBPS // RATE
    total = size + len(mp3)
    xing = b"Info" + struct.pack(">III", 0x0F, frames, total)
    xing += bytes(k * 256 // 100 for k in range(100)) + struct.pack(">I", 0)
    lame = b"LAME3.100" + bytes((0x01, 0)) + bytes(8) + bytes((0, KBPS))
    lame += (LAME_DELAY << 12 | padding).to_bytes(3, "big") + bytes(4)
    lame += struct.pack(">IH", total, crc16(mp3))
    side = bytes(9)  # mono MPEG-2 side information: nothing coded
    head = bytes((0xFF, 0xF3, BIT_RATES.index(TAG_KBPS) << 4, mp3[3]))
    tag = head + side + xing + lame
    tag += struct.pack(">H", crc16(tag))
    return tag + bytes(size - len(tag)) + mp3


def write_sounds(out: Path) -> dict[str, int]:
    """Write ``out``/<name>.mp3 for every sound; returns name -> bytes written."""
    out.mkdir(parents=True, exist_ok=True)
    sizes = {}
    for name in SOUNDS:
        data = encode(render(name))
        (out / f"{name}{EXT}").write_bytes(data)
        sizes[name] = len(data)
    return sizes


if __name__ == "__main__":
    written = write_sounds(Path(sys.argv[1]))
    print(f"{len(written)} sounds, {sum(written.values())} bytes")
