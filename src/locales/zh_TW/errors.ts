const errors: Record<string, unknown> = {};
export default errors;
