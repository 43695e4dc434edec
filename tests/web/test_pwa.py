"""The installable app: precompressed files as a static host sends them, a manifest Chromium
accepts, and a second build that replaces the first without mixing files or losing the game."""

from __future__ import annotations

import functools
import gzip
import http.server
import json
import shutil
import threading
import urllib.request
from email.message import Message

import brotli
import pytest
from conftest import OFFLINE_COPY, PHONE, SERVICE_WORKER, VIEWPORTS, Table, load_build
from static_server import Handler

BUILD = load_build()


pytestmark = SERVICE_WORKER


def fetch(url: str, encoding: str) -> tuple[Message, bytes]:
    request = urllib.request.Request(url, headers={"Accept-Encoding": encoding})
    with urllib.request.urlopen(request) as response:
        return response.headers, response.read()


@pytest.mark.parametrize("path", ["index.html", "pyodide/pyodide.asm.wasm", "app.zip", ""])
def test_files_are_sent_compressed_when_the_browser_accepts_it(server_url, path):
    plain = (BUILD.DIST / (path or "index.html")).read_bytes()
    for accept, encoding, decode in (
        ("gzip, deflate, br, zstd", "br", brotli.decompress),
        ("gzip, br;q=0", "gzip", gzip.decompress),
        ("identity", None, bytes),
    ):
        headers, body = fetch(server_url + path, accept)
        assert headers.get("Content-Encoding") == encoding, (path, accept)
        assert headers["Vary"] == "Accept-Encoding"
        assert decode(body) == plain
    headers, _ = fetch(server_url + path, "br")
    assert headers["Content-Type"].split(";")[0] in (
        "text/html",
        "application/wasm",
        "application/zip",
    )


def test_small_and_already_compressed_files_are_sent_as_they_are(server_url):
    headers, body = fetch(server_url + "static/icon-192.png", "br, gzip")
    assert "Content-Encoding" not in headers and "Vary" not in headers
    assert body.startswith(b"\x89PNG")


def test_the_manifest_offers_png_and_maskable_icons_drawn_from_the_svg():
    manifest = json.loads((BUILD.DIST / "static" / "manifest.webmanifest").read_text())
    assert manifest["display"] == "standalone" and manifest["id"] and manifest["scope"]
    sizes = {(icon["sizes"], icon["purpose"]) for icon in manifest["icons"]}
    assert {("192x192", "any"), ("512x512", "any"), ("512x512", "maskable")} <= sizes
    for icon in manifest["icons"]:
        data = (BUILD.DIST / "static" / icon["src"]).read_bytes()
        if icon["type"] == "image/png":
            width, height = int.from_bytes(data[16:20]), int.from_bytes(data[20:24])
            assert f"{width}x{height}" == icon["sizes"]
    assert 'rel="apple-touch-icon"' in (BUILD.DIST / "index.html").read_text()


def test_chromium_finds_the_page_installable(
    browser_type, browser_type_launch_args, server_url, tmp_path
):
    # Only a persistent (non-incognito) profile can install an app.
    context = browser_type.launch_persistent_context(
        tmp_path / "profile", **browser_type_launch_args, **VIEWPORTS["phone"]
    )
    try:
        table = Table(context.pages[0], server_url, "phone")
        table.open("?seed=3&pace=0")
        table.page.wait_for_function(OFFLINE_COPY, timeout=60_000)
        cdp = context.new_cdp_session(table.page)
        assert cdp.send("Page.getInstallabilityErrors")["installabilityErrors"] == []
        manifest = cdp.send("Page.getAppManifest")
        assert manifest["errors"] == [], manifest["errors"]
        table.assert_clean()
    finally:
        context.close()


@pytest.fixture
def two_builds(tmp_path):
    """A server on one origin whose files can be switched from this build to a second one (the
    same files, index.html changed, so a new version in sw.js)."""
    first, second, live = tmp_path / "first", tmp_path / "second", tmp_path / "live"
    shutil.copytree(BUILD.DIST, first)
    shutil.copytree(BUILD.DIST, second)
    index = second / "index.html"
    index.write_text(index.read_text().replace("<head>", "<head>\n  <!-- second build -->"))
    worker = second / "sw.js"
    worker.write_text(worker.read_text().replace('"chkobba-', '"chkobba-second-'))
    for path in (index, worker):
        for suffix in (".br", ".gz"):
            path.with_name(path.name + suffix).unlink()
    live.symlink_to(first)
    handler = functools.partial(Handler, directory=str(live))
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    threading.Thread(target=server.serve_forever, daemon=True).start()

    def switch() -> None:
        live.unlink()
        live.symlink_to(second)

    yield f"http://127.0.0.1:{server.server_address[1]}/", switch
    server.shutdown()


def cache_names(table) -> list[str]:
    return table.page.evaluate("caches.keys()")


def served_index(table) -> str:
    return table.page.evaluate("fetch('./index.html').then(r => r.text())")


@PHONE
def test_a_new_build_waits_for_a_tap_then_replaces_the_old_one_and_keeps_the_game(page, two_builds):
    url, switch = two_builds
    table = Table(page, url, "phone")
    table.open("?seed=5&pace=0&lang=fr")
    page.wait_for_function(OFFLINE_COPY, timeout=60_000)
    [first_cache] = cache_names(table)
    table.play_one()
    played = table.saved_game().history

    switch()
    page.evaluate("navigator.serviceWorker.getRegistration().then(r => r.update())")
    notice = page.wait_for_selector(".update-notice", timeout=60_000)
    assert notice.inner_text() == "Mise à jour prête — touchez pour recharger"  # the page's
    assert notice.get_attribute("lang") == "fr"  # language, from the catalogs
    # Waiting, the new build changes nothing: the page is still served the first build's files.
    assert "second build" not in served_index(table)
    assert first_cache in cache_names(table)

    with page.expect_navigation():  # the new worker takes over, then the page reloads
        table.tap(".update-notice")
    table.wait_ready()
    assert "second build" in served_index(table)
    page.wait_for_function("caches.keys().then(keys => keys.length === 1)")
    assert cache_names(table) != [first_cache]
    assert table.saved_game().history == played  # the game in progress is the one resumed
    assert table.moves == len(played)
    table.assert_clean()
