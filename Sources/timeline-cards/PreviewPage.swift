/// The page `render --serve` shows: the last good round's images (SVG and PNG as images, by the
/// server's URL for them; PDF and scene files as links), the round's problems above them, and a
/// line saying what the last round did. It asks for the state again on every event.
///
/// An SVG is shown as an `<img>`, never inserted into the page: in an image no script runs and
/// nothing loads, whatever the file holds. The script is a file of its own so that the page's
/// policy (`PreviewResponse.pagePolicy`) can forbid every inline script.
enum PreviewPage {
    static let html = """
        <!doctype html>
        <html lang="en">
        <head>
        <meta charset="utf-8">
        <title>timeline-cards preview</title>
        <style>
        body { font: 14px/1.4 system-ui, sans-serif; margin: 24px; background: #f5f5f7; color: #1d1d1f; }
        #status { color: #515154; margin: 0 0 12px; }
        #problems { white-space: pre-wrap; background: #fff0f0; color: #9b0000; border: 1px solid #e6a5a5;
          border-radius: 8px; padding: 12px; font: 13px/1.4 ui-monospace, monospace; }
        #problems:empty { display: none; }
        figure { margin: 0 0 28px; }
        figcaption { color: #515154; margin: 0 0 6px; }
        figure img { display: block; max-width: 100%; height: auto; }
        </style>
        <script src="/preview.js" defer></script>
        </head>
        <body>
        <p id="status">connecting…</p>
        <pre id="problems"></pre>
        <main id="images"></main>
        </body>
        </html>

        """

    /// Each event asks for the state; the newest answer wins. New images replace the old ones only
    /// once they are decoded, so that a save never shows an empty page in between.
    static let script = """
        "use strict";
        const status = document.getElementById("status");
        const problems = document.getElementById("problems");
        const images = document.getElementById("images");
        let asked = 0;
        function figure(image) {
          const figure = document.createElement("figure");
          const caption = document.createElement("figcaption");
          caption.textContent = image.name;
          figure.append(caption);
          if (image.kind === "svg" || image.kind === "png") {
            const img = document.createElement("img");
            img.src = image.url;
            img.alt = image.name;
            figure.append(img);
          } else {
            const link = document.createElement("a");
            link.href = image.url;
            link.textContent = "open " + image.name;
            figure.append(link);
          }
          return figure;
        }
        async function refresh() {
          const mine = ++asked;
          const state = await (await fetch("/state", { cache: "no-store" })).json();
          if (mine !== asked) return;
          status.textContent = state.summary;
          problems.textContent = state.problems.join("\\n");
          const shown = images.dataset.urls || "";
          const urls = state.images.map((image) => image.url).join(" ");
          if (urls !== shown) {
            const figures = state.images.map(figure);
            // An image that fails (a newer round replaced it) is shown as it is: that round's event follows.
            await Promise.all([...figures].flatMap((f) => [...f.querySelectorAll("img")])
              .map((img) => img.decode().catch(() => {})));
            if (mine !== asked) return;
            images.replaceChildren(...figures);
            images.dataset.urls = urls;
          }
          document.body.dataset.round = state.round;
        }
        const events = new EventSource("/events");
        events.onmessage = () => refresh();
        events.onerror = () => {
          status.textContent = "disconnected: is timeline-cards render --serve still running?";
        };

        """
}
