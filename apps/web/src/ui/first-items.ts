/**
 * How many items the list's first render draws: about a phone screen of cards. The rest follow
 * at once in a transition, which React renders in short slices the browser can answer input
 * between; a page of ten cards in one render blocked a phone's main thread for most of a
 * second (docs/PERFORMANCE.md, Lighthouse). The end of the list (sentinel, "more") comes with
 * them, so nothing already on screen moves. Their pictures load at once (`eager`), and the
 * boot script (build/boot-preload.ts) asks for the first of them as soon as the data comes.
 */
export const FIRST_ITEMS = 3;
