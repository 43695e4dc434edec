"""Stand-ins for the browser's objects, for tests of the page's Python in CPython."""


class Store(dict):
    """localStorage's interface over a dict."""

    def getItem(self, key):
        return self.get(key)

    def setItem(self, key, value):
        self[key] = value

    def removeItem(self, key):
        self.pop(key, None)
