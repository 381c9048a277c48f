/// The page `render --serve` shows: the last good round's images (SVG inline, each in a shadow root
/// so that its styles stay its own, and so that its text is the page's text; PNG as images; PDF and
/// scene files as links), the round's problems above them,
/// and a line saying what the last round did. It asks for the state again on every event.
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
        figure img { max-width: 100%; height: auto; }
        </style>
        </head>
        <body>
        <p id="status">connecting…</p>
        <pre id="problems"></pre>
        <main id="images"></main>
        <script>
        const status = document.getElementById("status");
        const problems = document.getElementById("problems");
        const images = document.getElementById("images");
        let shown = -1;
        async function figure(image) {
          const figure = document.createElement("figure");
          const caption = document.createElement("figcaption");
          caption.textContent = image.name;
          figure.append(caption);
          if (image.kind === "svg") {
            // In a shadow root of its own: a theme: auto image's dark-mode rules stay in it.
            const box = document.createElement("div");
            box.attachShadow({ mode: "open" }).innerHTML = await (await fetch(image.url)).text();
            figure.append(box);
          } else if (image.kind === "png") {
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
          const state = await (await fetch("/state", { cache: "no-store" })).json();
          if (state.round < shown) return;
          shown = state.round;
          status.textContent = state.summary;
          problems.textContent = state.problems.join("\\n");
          const figures = await Promise.all(state.images.map(figure));
          images.replaceChildren(...figures);
          document.body.dataset.round = state.round;
        }
        const events = new EventSource("/events");
        events.onmessage = () => refresh();
        events.onerror = () => {
          status.textContent = "disconnected: is timeline-cards render --serve still running?";
        };
        </script>
        </body>
        </html>

        """
}
