"""The progress bar of long runs: games done, games per second and time left, on stderr (tqdm)."""

from __future__ import annotations


class _Silent:
    def update(self, n: int) -> None:
        pass

    def close(self) -> None:
        pass


def progress_bar(total: int, *, enabled: bool, desc: str):
    """A bar counting ``total`` games, or an object that shows nothing when ``enabled`` is False."""
    if not enabled:
        return _Silent()
    from tqdm import tqdm

    return tqdm(total=total, desc=desc, unit=" games", smoothing=0.1, dynamic_ncols=True,
                bar_format="{desc}: {percentage:3.0f}%|{bar}| {n_fmt}/{total_fmt} [{elapsed}<{remaining}, "
                           "{rate_fmt}]")
