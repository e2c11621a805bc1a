// The message typefaces (lib/fonts.ts), from the same @fontsource files the proofs embed: Next
// serves them from this app, never from a CDN. Imported by what draws or picks a message face.
import "@fontsource/lora/400.css";
import "@fontsource/inter/400.css";
import "@fontsource/caveat/400.css";
import "@fontsource/dancing-script/400.css";
import "@fontsource/homemade-apple/400.css";
