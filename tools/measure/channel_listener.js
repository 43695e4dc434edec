// Every text a page's WebRTC data channels receive, kept in window.heard (and the channels in
// window.channels, to send raw texts): run before the page's own scripts make any connection.
// Read by tools/measure/flood.py and the browser tests (tests/web/page_support.py).
() => {
    window.heard = [];
    window.channels = [];
    const Connection = window.RTCPeerConnection;
    window.RTCPeerConnection = class extends Connection {
        createDataChannel(...args) {
            const channel = super.createDataChannel(...args);
            channels.push(channel);
            channel.addEventListener("message", (e) => {
                if (typeof e.data === "string") heard.push(e.data);
            });
            return channel;
        }
    };
}
