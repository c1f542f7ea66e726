/** Error texts by catalogue code (src/domain/errors.ts), plus client-side failures. */
const errors: Record<string, string> = {
  unknown: 'An unexpected error occurred.',
  sessionTimeout: 'Your session has expired. Please sign in again.',
  http: 'Error: {{status}}',
  rateLimited: 'Too many attempts. Please wait a minute and try again.',
  network: 'Cannot reach the server. Check your connection and try again.',

  '1': 'The request has a wrong format or invalid parameters.',
  '2': 'The requested data was not found.',
  '3': 'This operation is not allowed.',

  '10': 'The original password is wrong.',
  '11': 'This role is still assigned to users. Delete or reassign these accounts first:',
  '12': 'This user account already exists.',
  '13': 'This account is locked or disabled; contact your administrator.',
  '14': 'Sign-in failed: wrong account or password.',
  '15': 'The password may contain only letters, digits and symbols, 8 to 20 characters.',

  '50': 'This client code already exists.',
  '51': 'The client has bound packaging items and cannot be deleted.',

  '101': 'The image resolution is wrong.',
  '102': 'The image file size is wrong.',
  '103': 'The number of images is wrong.',
  '104': 'No image was uploaded.',

  '201': 'The file format is wrong.',
  '202': 'No file was uploaded.',
  '203': 'The activity information was not found.',
  '204': 'No result was found.',
  '205': 'No prize result was found.',
  '206': 'This prize has already been redeemed.',
  '207': 'The marketing code was not found.',
  '208': 'The redemption type does not match.',
  '209': 'The redemption status does not match.',
  '210': 'No qualifying order package.',
  '211': 'No qualifying product.',
  '212': 'No qualifying shipment package.',
  '213': 'No activity record was found.',
  '214': 'No redemption record was found.',
  '215': 'The redemption code could not be obtained.',
  '216': 'No redemption codes are left to give out.',

  '1501': 'Enter a mobile phone or a landline number.',
  '1502': 'This supplier account already exists.',
  '1503': 'Remove the related factories or warehouses first.',

  '1601': 'This announcement category is in use and cannot be deleted.',
  '1602': 'Choose a distributor category.',

  '1801': 'This tenant already has another setting.',

  '2201': 'This category still has packaging materials.',
  '2202': 'This category name already exists.',
  '2203': 'This item is linked to a code package.',

  '2301': 'This brand still has products.',

  '3101': 'This factory still has production lines or shifts.',
  '3201': 'This production line still has shifts.',
  '3202': 'The factory is not enabled.',
  '3301': 'The production line is not enabled.',

  '3501': 'This item is linked to brand products.',

  '4101': 'The number of keywords differs from the code package quantity.',
  '4102': 'The keyword interval is missing.',
  '4103': 'The keyword interval is invalid.',
  '4104': 'The keywords are missing.',
  '4105': 'There can be at most 100 keywords.',

  '6101': 'The effective date has already passed.',

  '6401': 'The product language data is incomplete.',
  '6402': 'The products in this category cannot be disabled.',
  '6403': 'The default language data is missing.',
  '6404': 'This category has related products and cannot be deleted.',

  '6501': 'This product is already a popular product.',

  '6701': 'The lottery activity could not be added.',
  '6702': 'The draft was not found.',
  '6703': 'The prize probabilities exceed 100%.',
  '6704': 'The number of prizes is wrong.',
  '6705': 'The activity was not found.',
  '6706': 'The file is not a CSV file.',
  '6707': 'No CSV file was uploaded.',
  '6708': 'Prize serial numbers must have at least 2 characters.',
  '6709': 'The prize serial numbers contain duplicates.',
  '6710': 'A prize is missing its picture.',
  '6711': 'This game template name already exists.',
  '6712': 'Without a no-win prize, the winning probabilities must total exactly 100%.',

  '7101': 'The member settings already exist.',
  '7102': 'The number of member tiers must be more than 2 and at most 10.',
  '7103': 'Choose at most 4 login platforms, without repeats.',
  '7104': 'The tier setting cannot be disabled.',

  '7301': 'The order status cannot be changed.',
  '7302': 'Not enough points.',
  '7303': 'The order number was not found.',
  '7304': 'The CSV header is wrong.',
  '7305': 'The CSV file could not be read.',
  '7306': 'The time zone was not found.',
  '7307': 'The CSV file has no data.',
  '7308': 'The batch update failed.',
  '7309': 'The points have expired.',
  '7310': 'The packaging material number is duplicated.',
  '7311': 'The CSV file contains an invalid order status.',

  '7401': 'This has already been configured.',
  '7402': 'There can be at most 10 rules.',
  '7403': 'The probabilities exceed 100%.',
  '7404': 'The expiry date is missing.',
  '7405': 'The number of expiry days is missing.',
  '7406': 'The product or package is missing.',

  '8001': 'The report is not finished yet.',
  '8002': 'The report language is wrong.',

  '8101': 'Verification failed.',
  '8102': 'This phone number is already registered.',
  '8103': 'This code has already been used.',
  '8121': 'This account is already registered.',
  '8122': 'This third-party account is already registered.',
  '8131': 'The original password is wrong.',
  '8132': 'The new password must differ from the old one.',
  '8140': 'Third-party authentication failed.',
  '8141': 'The sending limit has been reached.',
  '8142': 'The previous message has not expired yet.',
  '8143': 'This marketing code is already bound.',
  '8144': 'This product is disabled.',
  '8150': 'The member was not found.',
  '8151': 'The member password is wrong.',
  '8152': 'Too many wrong passwords: password sign-in is locked for a while. Try again later, or sign in with a verification code.',

  '9001': 'You have already taken part in this activity.',
  '9002': 'You have already taken part today.',
  '9003': 'This code has already been used for this activity.',
  '9004': 'You have reached the maximum number of plays.',
  '9011': 'The scan time is not eligible for this activity.',
  '9012': 'The activity has closed.',
  '9021': 'This game is not available for this code.',

  '9920': 'This marketing code already has a short code.',
  '9999': 'System error. Please try again later.',

  '14501': 'Phone verification is required.',
  '14502': 'The order contains goods that cannot be ordered.',
  '14503': 'The order points do not match.',
  '14504': 'The member does not have enough points.',

  '31301': 'The app configuration file is missing.',
};

export default errors;
