/** English texts of the notifications list, badge and settings (issue 6). */
export const notifications = {};
