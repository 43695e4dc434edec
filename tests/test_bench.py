"""The speed commands run and print their figures (the figures themselves are not tested)."""

import re

from chkobba.__main__ import main


def test_bench_prints_deals_per_second(capsys):
    main(["bench", "--deals", "20", "--repeats", "2", "--players", "4"])
    out = capsys.readouterr().out
    assert re.fullmatch(r"4 players, 20 random deals x 2 runs: median [\d,]+ deals/s .*\n", out)


def test_bench_idle_times_the_loop_alone(capsys):
    main(["bench", "--idle", "--deals", "20", "--repeats", "1"])
    out = capsys.readouterr().out
    assert out.startswith("the loop alone (an engine that does no work), 20 random deals x 1 runs")
