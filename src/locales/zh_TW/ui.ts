const ui: Record<string, unknown> = {};
export default ui;
