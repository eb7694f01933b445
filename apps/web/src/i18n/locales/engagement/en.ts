/** English texts of comments under memos and the reactions bar (issue 6). */
export const engagement = {};
