/*
 * Stable Diffusion XL / Flux prompt syntax, as the common runners read it (AUTOMATIC1111 / Forge, ComfyUI):
 *   https://github.com/AUTOMATIC1111/stable-diffusion-webui/wiki/Features#attentionemphasis
 *   - `(words:1.2)` multiplies the attention to `words` by 1.2; `(words)` by 1.1, `[words]` by 1/1.1;
 *   - `\(` and `\)` are literal parentheses;
 *   - every `(` and `[` must be closed, in order;
 *   - `<lora:name:0.8>` loads a LoRA and is not prompt text;
 *   - Stable Diffusion's text encoder (CLIP) reads 77 tokens at a time: its start and end markers and 75 of the
 *     prompt's; Flux reads the prompt with T5 (reading-windows.ts) and CLIP only for its pooled text.
 *   - weights far from 1 break images up: the checker accepts 0–2 (past about 1.5 is rarely useful).
 * `--flags` and Midjourney's `::` weights mean nothing here: they are read as words.
 */

export const SD_WEIGHT_RANGE = { min: 0, max: 2 } as const;

/** CLIP's context: 77 positions, of which the start and end markers take two. */
export const CLIP_WINDOW = 77;
export const CLIP_PROMPT_TOKENS = CLIP_WINDOW - 2;
