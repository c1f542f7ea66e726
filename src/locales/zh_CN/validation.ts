const validation: Record<string, unknown> = {};
export default validation;
