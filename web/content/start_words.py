"""The words the game page's scripts show without Python, marked for the catalogs: host.js's
start-failure screen (the game's Python could not start, so it cannot ask the catalogs then)
and pwa.js's update notice (a new build waits). build.py writes their translations into both
scripts (by the lowercased name: ``TITLE`` is ``words.title``)."""

from shared.i18n import N_

TITLE = N_("The game could not start")
RETRY = N_("Retry")
DOWNLOAD = N_("Its files could not be downloaded: check the connection, then retry.")
PYTHON = N_("Python stopped with an error.")
SILENCE = N_("Python gave no sign of life for two minutes.")
UPDATED = N_("Updated — tap to reload")
