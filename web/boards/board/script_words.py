"""The words embed.js shows before the boards' Python answers (a board loading, a start that
failed), marked for the catalogs: build.py writes their translations into embed.js (by the
lowercased name: ``LOADING`` is ``words.loading``)."""

from shared.i18n import N_

LOADING = N_("Loading the board…")
CANNOT = N_("This board cannot be shown")
NO_START = N_("The board could not start: {reason}")
RETRY = N_("Retry")
