"""Stand-ins for the browser's objects, for tests of the page's Python in CPython."""


class Store(dict):
    """localStorage's interface over a dict; ``quota`` characters at most, as a browser has
    (setItem then raises, as localStorage raises QuotaExceededError)."""

    def __init__(self, *args, quota=None, **kwargs):
        super().__init__(*args, **kwargs)
        self.quota = quota

    def getItem(self, key):
        return self.get(key)

    def setItem(self, key, value):
        used = sum(len(k) + len(v) for k, v in self.items() if k != key)
        if self.quota is not None and used + len(key) + len(value) > self.quota:
            raise OSError("QuotaExceededError: the quota has been exceeded")
        self[key] = value

    def removeItem(self, key):
        self.pop(key, None)


class Screen:
    """Records what the app paints."""

    def __init__(self):
        self.frames = []
        self.spoken = []  # what the live region said, in order, each thing once
        self.said = set()
        self.sounds = []  # what was heard, in order, each once
        self.heard = set()

    def show(self, html, marks, motion, spoken=(), sounds=()):
        self.frames.append((html, dict(marks), motion))
        self.spoken.extend(text for key, text in spoken if key not in self.said)
        self.said.update(key for key, _ in spoken)
        self.sounds.extend(sound for key, sound in sounds if key not in self.heard)
        self.heard.update(key for key, _ in sounds)

    @property
    def html(self):
        return self.frames[-1][0]
