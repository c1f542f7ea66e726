/** Text of the binding and logistics screens (en), merged under `screens`. */

const logistics = {
  "binding": {
    "enabled": "Enabled",
    "enabledHelp": "Turning it off also disables everything bound to it (production lines, shifts).",
    "disableFactoryConfirm": "Disable this factory? Its production lines and shifts are disabled with it, and the app can no longer bind codes to them.",
    "disableLineConfirm": "Disable this production line? Its shifts are disabled with it, and the app can no longer bind codes to them."
  },
  "factory": {
    "title": "Factories",
    "entity": "factory",
    "name": "Factory name",
    "address": "Address",
    "lineCount": "Production lines"
  },
  "productionLine": {
    "title": "Production lines",
    "entity": "production line",
    "name": "Line name",
    "factory": "Factory",
    "shiftCount": "Shifts"
  },
  "shift": {
    "title": "Shifts",
    "entity": "shift",
    "name": "Shift name",
    "line": "Production line",
    "startTime": "Starts",
    "endTime": "Ends"
  },
  "warehouse": {
    "title": "Warehouses",
    "entity": "warehouse",
    "name": "Warehouse name",
    "type": "Warehouse type",
    "address": "Address"
  },
  "packageRatio": {
    "title": "Package ratios",
    "entity": "package ratio",
    "name": "Ratio name",
    "level": "Levels",
    "summary": "Ratio",
    "unit1": "Level 1 unit",
    "unit2": "Level 2 unit",
    "quantity2": "Level 1 units per level 2 unit",
    "unit3": "Level 3 unit",
    "quantity3": "Level 2 units per level 3 unit",
    "unit4": "Level 4 unit",
    "quantity4": "Level 3 units per level 4 unit",
    "unit5": "Level 5 unit",
    "quantity5": "Level 4 units per level 5 unit"
  },
  "sheet": {
    "stockTitle": "Stock-in sheets",
    "shipTitle": "Shipment sheets",
    "entity": "sheet",
    "id": "Sheet no.",
    "sheetType": "Sheet type",
    "warehouse": "Warehouse",
    "fromWarehouse": "Shipped from",
    "toWarehouse": "Shipped to",
    "account": "Scanned by",
    "scannedCount": "Codes scanned",
    "codeCount": "Codes moved",
    "time": "Time",
    "code": "Barcode",
    "scannedCodes": "Codes scanned",
    "scanned": "How",
    "scannedYes": "Scanned",
    "scannedInside": "Inside a scanned package"
  },
  "exceptionLog": { "title": "Exception log", "entity": "exception", "time": "Time", "account": "Scanned by", "kind": "Scan", "sheetType": "Sheet type", "code": "Barcode", "reason": "Reason", "errorCode": "Error code", "batchId": "Batch", "from": "From", "to": "To" },
  "antiCounterfeit": { "title": "Anti-counterfeiting page", "description": "What a shopper sees on scanning a genuine code of yours: a title, a text and up to 4 images (each at most 2 MB).", "enable": "Show on the consumer page", "pageTitle": "Title", "content": "Text", "images": "Images", "verified": "Genuine product" },
  "stockSheet": { "title": "Stock-in query", "entity": "stock-in sheet" },
  "shipSheet": { "title": "Shipment query", "entity": "shipment sheet" },
  "barcode": {"barcodeNotExist": "This barcode does not exist.", "title": "Barcode query", "code": "Barcode", "client": "Client", "product": "Product", "material": "Packaging material", "generatedAt": "Generated", "level": "Package level", "binding": "Production binding", "status": "Logistics status", "status0": "Not in stock", "status1": "In stock", "status2": "Shipped", "parents": "Outer packages", "children": "Packages inside", "scans": "Scans", "movements": "Logistics movements", "time": "Time", "source": "Scanned by", "source1": "Consumer", "source2": "App", "type": "Device", "location": "Place", "account": "Account", "sheetType": "Sheet type", "warehouse": "Warehouse", "toWarehouse": "Shipped to", "latitude": "Latitude", "longitude": "Longitude", "scanLogReport": "Scan log", "exportScans": "Export scans", "periodTitle": "Scans of a period", "from": "From", "to": "To", "exportPeriod": "Export", "shortUrl": "Short address", "createShortUrl": "Create short address"}
};

export default logistics;
