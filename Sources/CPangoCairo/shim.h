#include <pango/pangocairo.h>
#include <pango/pangofc-fontmap.h>
#include <cairo-ft.h>
#include <fontconfig/fontconfig.h>
#include <hb-ot.h>

/* A glyph's outline drawn by HarfBuzz through `funcs` (the SVG writer's outlines, #48):
   hb_font_draw_glyph from HarfBuzz 7, hb_font_get_glyph_shape (the same drawing, deprecated in 7)
   before it, so that neither version warns. */
static inline void timeline_hb_draw_glyph(hb_font_t *font, hb_codepoint_t glyph, hb_draw_funcs_t *funcs,
                                          void *data) {
#if HB_VERSION_ATLEAST(7, 0, 0)
    hb_font_draw_glyph(font, glyph, funcs, data);
#else
    hb_font_get_glyph_shape(font, glyph, funcs, data);
#endif
}
