/**
 * Messages of the validation rules (SPEC.md section 5), keyed by rule; rules answer these
 * keys (src/domain/rules.ts). Params use i18next interpolation.
 */
const validation: Record<string, string> = {
  alpha: 'Only letters are allowed.',
  alpha_dash: 'Only letters, digits, dashes and underscores are allowed.',
  alpha_num: 'Only letters and digits are allowed.',
  alpha_spaces: 'Only letters and spaces are allowed.',
  alphaUpperCase: 'Only uppercase English letters are allowed.',
  between: 'Must be between {{min}} and {{max}} characters.',
  length: 'Must be exactly {{length}} characters.',
  max: 'Must be at most {{length}} characters.',
  min: 'Must be at least {{length}} characters.',
  max_value: 'Must be {{max}} or less.',
  min_value: 'Must be {{min}} or more.',
  digits: 'Must be exactly {{length}} digits.',
  integer: 'Must be a whole number.',
  numeric: 'Only numbers are allowed.',
  confirmed: 'The two entries do not match.',
  crossEqual: 'Must be the same as the related field.',
  isEqual: 'Must equal the expected value.',
  email: 'Enter a valid e-mail address.',
  url: 'Enter a valid URL starting with http:// or https://.',
  regex: 'The format is wrong.',
  domain: "Only letters, digits, '-' and '.' are allowed.",
  characterChineseSpace: "Only Chinese characters, letters, digits, spaces and '-' are allowed.",
  ext: 'This file type is not allowed.',
  mimes: 'This file type is not allowed.',
  image: 'The file must be an image.',
  size: 'The file must be smaller than {{size}} KB.',
  dimensions: 'The image must be exactly {{width}} x {{height}} pixels.',
  required: 'This field is required.',
  required_if: 'This field is required.',
  fromToDatetime: 'The end cannot be earlier than the start.',
  isAfterNow: 'Must be later than the current time.',
  integerDecimal: 'At most {{integer}} integer digits and {{decimal}} decimal places.',
  pointLarger: "Each level's point threshold must be greater than the previous level's.",
  checkRepeatName: 'This name is already used in the list.',
  phoneNumber: 'The phone number format is wrong.',
  phoneCountryCode: 'Choose a valid country calling code.',
  numberOfPrizes: "Today's quantity cannot exceed the total quantity.",
  passwordRule:
    'The password must be 8 to 20 characters with at least one lowercase letter, one uppercase letter and one digit; only letters, digits and @$!%*?& are allowed.',
  phoneDigits: 'Only digits are allowed.',
  invalidForm: 'Some fields failed validation. Please check the form again.',
};

export default validation;
