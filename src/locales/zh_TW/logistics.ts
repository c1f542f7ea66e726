/** Text of the binding and logistics screens (zh_TW), merged under `screens`. */
import type en from '../en/logistics';

const logistics: typeof en = {
  "binding": {
    "enabled": "啟用",
    "enabledHelp": "停用時，綁定於其下的項目（產線、班別）一併停用。",
    "disableFactoryConfirm": "確定要停用此工廠嗎？其下的產線與班別將一併停用，App 不能再將條碼綁定到它們。",
    "disableLineConfirm": "確定要停用此產線嗎？其下的班別將一併停用，App 不能再將條碼綁定到它們。"
  },
  "factory": {
    "title": "工廠",
    "entity": "工廠",
    "name": "工廠名稱",
    "address": "地址",
    "lineCount": "產線數"
  },
  "productionLine": {
    "title": "產線",
    "entity": "產線",
    "name": "產線名稱",
    "factory": "工廠",
    "shiftCount": "班別數"
  },
  "shift": {
    "title": "班別",
    "entity": "班別",
    "name": "班別名稱",
    "line": "產線",
    "startTime": "開始時間",
    "endTime": "結束時間"
  },
  "warehouse": {
    "title": "倉庫",
    "entity": "倉庫",
    "name": "倉庫名稱",
    "type": "倉庫類型",
    "address": "地址"
  },
  "packageRatio": {
    "title": "包裝比例",
    "entity": "包裝比例",
    "name": "比例名稱",
    "level": "層數",
    "summary": "比例",
    "unit1": "第一層單位",
    "unit2": "第二層單位",
    "quantity2": "每個第二層單位的第一層數量",
    "unit3": "第三層單位",
    "quantity3": "每個第三層單位的第二層數量",
    "unit4": "第四層單位",
    "quantity4": "每個第四層單位的第三層數量",
    "unit5": "第五層單位",
    "quantity5": "每個第五層單位的第四層數量"
  },
  "sheet": {
    "stockTitle": "入庫單",
    "shipTitle": "出貨單",
    "entity": "單據",
    "id": "單號",
    "sheetType": "單據類型",
    "warehouse": "倉庫",
    "fromWarehouse": "出貨倉庫",
    "toWarehouse": "收貨倉庫",
    "account": "掃描帳號",
    "scannedCount": "掃描條碼數",
    "codeCount": "移動條碼數",
    "time": "時間",
    "code": "條碼",
    "scannedCodes": "掃描的條碼",
    "scanned": "方式",
    "scannedYes": "掃描",
    "scannedInside": "隨外箱移動"
  },
  "exceptionLog": { "title": "異常紀錄", "entity": "異常", "time": "時間", "account": "掃描帳號", "kind": "掃描作業", "sheetType": "單據類型", "code": "條碼", "reason": "原因", "errorCode": "錯誤碼", "batchId": "批次", "from": "起", "to": "迄" },
  "antiCounterfeit": { "title": "防偽頁面維護", "description": "消費者掃描您的正品條碼時看到的內容：標題、內文與最多 4 張圖片（每張 2 MB 以內）。", "enable": "在消費者頁面顯示", "pageTitle": "標題", "content": "內文", "images": "圖片", "verified": "正品驗證" },
  "stockSheet": { "title": "入庫查詢", "entity": "入庫單" },
  "shipSheet": { "title": "出貨查詢", "entity": "出貨單" },
  "barcode": {"barcodeNotExist": "此條碼不存在。", "title": "條碼查詢", "code": "條碼", "client": "客戶", "product": "產品", "material": "包材", "generatedAt": "產生時間", "level": "包裝層級", "binding": "生產綁定", "status": "物流狀態", "status0": "未入庫", "status1": "在庫", "status2": "已出貨", "parents": "外層包裝", "children": "內層包裝", "scans": "掃描紀錄", "movements": "物流紀錄", "time": "時間", "source": "掃描來源", "source1": "消費者", "source2": "App", "type": "裝置", "location": "地點", "account": "帳號", "sheetType": "單據類型", "warehouse": "倉庫", "toWarehouse": "收貨倉庫", "latitude": "緯度", "longitude": "經度", "scanLogReport": "掃描紀錄", "exportScans": "匯出掃描紀錄", "periodTitle": "期間掃描紀錄", "from": "起", "to": "迄", "exportPeriod": "匯出", "shortUrl": "短網址", "createShortUrl": "建立短網址"}
};

export default logistics;
