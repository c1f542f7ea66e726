/**
 * The validator of declarations (JSON Schema draft-07 + json-logic rules), shared by the
 * form engine and the /v1 API. Pure TypeScript: no React, no Node APIs.
 */
export { codeRuleFailure, createValidator, validateBody } from './validator';
export type { BodyResult, CodeRuleFailure, FormDeclaration, JsonSchema, ValidationContext, Validator, ValidatorOptions } from './validator';
export type { FormRule, JsonLogic } from './logic';
export { OPERATIONS, applyLogic, registerOperations, requiredNow } from './logic';
export { VALIDATION_KEYS, type ValidationKey } from './keys';
export { FORMATS, isEmail, isHttpUrl } from './formats';
export { KEYWORD_NAMES } from './keywords';
export { checkUpload, type FileRule, type UploadValue } from './files';
export { extendAjv, registerAnnotations, type UnknownFields } from './ajv';
export { toInstant } from './dates';
export { DB_INT_MAX, DB_INT_MIN, boundIntegers, inputFaults, isCleanText } from './input';
