/** English texts of the feed and discover pages (issue 6). */
export const feed = {};
