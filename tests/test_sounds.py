"""The sound effects tools/sounds.py makes: one small MP3 for each name the game sends, the same
bytes on every build, each of the length, loudness and shape asked for."""

from __future__ import annotations

import importlib.util
import math
import struct
from pathlib import Path
from types import ModuleType

import pytest

TOOL = Path(__file__).resolve().parent.parent / "tools" / "sounds.py"
NAMES = {"deal", "play", "capture", "chkobba", "leftovers", "deal-end", "win", "lose"}
CARDS = {"deal", "play", "capture", "leftovers"}
# name -> (shortest, longest) in seconds
LENGTHS = {
    "deal": (0.2, 0.8),
    "play": (0.1, 0.35),
    "capture": (0.15, 0.35),
    "chkobba": (0.6, 1.3),
    "leftovers": (0.4, 1.2),
    "deal-end": (0.3, 0.9),
    "win": (1.0, 1.4),
    "lose": (0.6, 1.0),
}
KBPS = (0, 8, 16, 24, 32, 40, 48, 56, 64, 80, 96, 112, 128, 144, 160)  # MPEG-2 layer III


def load() -> ModuleType:
    spec = importlib.util.spec_from_file_location("sounds", TOOL)
    assert spec and spec.loader
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


sounds = load()


def dbfs(value: float) -> float:
    return 20 * math.log10(max(value, 1e-9))


@pytest.fixture(scope="module")
def written(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, dict[str, int]]:
    out = tmp_path_factory.mktemp("sounds")
    return out, sounds.write_sounds(out)


@pytest.fixture(scope="module")
def rendered() -> dict[str, list[float]]:
    return {name: sounds.render(name) for name in NAMES}


def frames(mp3: bytes) -> list[bytes]:
    """The frames of ``mp3``, each header checked: MPEG-2 layer III, 22050 Hz, mono, no CRC."""
    out, at = [], 0
    while at < len(mp3):
        head = mp3[at : at + 4]
        assert len(head) == 4 and head[0] == 0xFF and head[1] == 0xF3, f"frame sync at {at}"
        assert head[2] >> 2 & 3 == 0, "22050 Hz"
        assert head[3] >> 6 == 3, "mono"
        size = 72000 * KBPS[head[2] >> 4] // 22050 + (head[2] >> 1 & 1)
        out.append(mp3[at : at + size])
        at += size
    assert at == len(mp3), "the last frame is whole"
    return out


def decoded_length(mp3: bytes) -> int:
    """The samples a decoder gives, as the LAME tag of the first frame says (its Info frame)."""
    tag, *audio = frames(mp3)
    assert tag[13:17] == b"Info"
    flags, count, size = struct.unpack(">III", tag[17:29])
    assert (flags, count, size) == (0x0F, len(audio), len(mp3))
    lame = 13 + 120
    assert tag[lame : lame + 4] == b"LAME"
    gaps = int.from_bytes(tag[lame + 21 : lame + 24], "big")
    delay, padding = gaps >> 12, gaps & 0xFFF
    assert delay == 576
    assert all(frame[2] >> 4 == KBPS.index(48) for frame in audio)
    return count * 576 - delay - padding


def test_a_file_for_every_name(written: tuple[Path, dict[str, int]]) -> None:
    out, sizes = written
    assert set(sizes) == NAMES
    assert {p.name for p in out.iterdir()} == {f"{name}.mp3" for name in NAMES}
    for name, size in sizes.items():
        assert (out / f"{name}.mp3").stat().st_size == size
    assert sum(sizes.values()) < 60_000  # small: the cold transfer is over its goal already


def test_the_same_bytes_every_time(written: tuple[Path, dict[str, int]], tmp_path: Path) -> None:
    out, _ = written
    again = tmp_path / "elsewhere"
    sounds.write_sounds(again)
    for name in NAMES:
        assert (again / f"{name}.mp3").read_bytes() == (out / f"{name}.mp3").read_bytes(), name


@pytest.mark.parametrize("name", sorted(NAMES))
def test_each_file_decodes_to_its_samples_and_length(
    name: str, written: tuple[Path, dict[str, int]], rendered: dict[str, list[float]]
) -> None:
    out, _ = written
    length = decoded_length((out / f"{name}.mp3").read_bytes())
    assert length == len(rendered[name])
    shortest, longest = LENGTHS[name]
    assert shortest <= length / sounds.RATE <= longest


def test_loudness_card_sounds_quieter_than_the_music(rendered: dict[str, list[float]]) -> None:
    peaks = {name: dbfs(max(abs(v) for v in x)) for name, x in rendered.items()}
    for name, level in peaks.items():
        assert (-9 <= level <= -5) if name in CARDS else (-4.5 <= level <= -2.5), (name, level)
    assert max(peaks[n] for n in CARDS) < min(peaks[n] for n in NAMES - CARDS)
    # and none much louder than another: the loudest 50 ms of each within 10 dB of the others'
    window = sounds.RATE // 20
    loudest = {
        name: max(
            dbfs(math.sqrt(sum(v * v for v in x[i : i + window]) / window))
            for i in range(0, len(x) - window, window // 4)
        )
        for name, x in rendered.items()
    }
    assert max(loudest.values()) - min(loudest.values()) <= 10, loudest


@pytest.mark.parametrize("name", sorted(NAMES))
def test_starts_and_ends_in_silence(name: str, rendered: dict[str, list[float]]) -> None:
    x = rendered[name]
    assert x[0] == 0 and abs(x[-1]) < 1e-4
    assert dbfs(max(abs(v) for v in x[:5])) < -30  # faded in: no click
    assert dbfs(max(abs(v) for v in x[-sounds.RATE // 100 :])) < -50  # faded out
    # and faded out once quiet already, not cut off while loud
    fade = round(sounds.FADE_OUT * sounds.RATE)
    assert dbfs(max(abs(v) for v in x[-fade - sounds.RATE // 50 : -fade])) < -18


def test_plucks_are_in_tune() -> None:
    """Karplus-Strong with the all-pass's fractional delay: the period is the note's, to a few
    cents (the autocorrelation's peak, interpolated by a parabola)."""
    for freq in (sounds.FS3, sounds.D4, sounds.A4, sounds.D5):
        x = sounds.string(freq, 6000, [1.0] + [0.0] * 50, 2.0)[1000:]

        def corr(lag: int) -> float:
            return sum(p * q for p, q in zip(x, x[lag:], strict=False))  # noqa: B023

        period = sounds.RATE / freq
        lag = max(range(int(period * 0.9), int(period * 1.1) + 1), key=corr)
        a, b, c = corr(lag - 1), corr(lag), corr(lag + 1)
        found = lag + 0.5 * (a - c) / (a - 2 * b + c)
        assert abs(1200 * math.log2(found / period)) < 5, (freq, found, period)
