/** Text of the supplier and distributor screens (zh_TW), merged under `screens`. */

const partners = {
  "supplier": {
    "title": "供應商設定",
    "entity": "供應商",
    "name": "供應商名稱"
  },
  "distributor": {
    "title": "經銷商設定",
    "entity": "經銷商",
    "name": "經銷商名稱"
  },
  "partner": {
    "account": "帳號",
    "contact": "市話 / 手機",
    "functions": "功能",
    "warehouses": "授權倉庫",
    "warehouse": "倉庫",
    "status": "狀態",
    "keyword": "帳號或名稱",
    "telephone": "市話",
    "phoneCountryCode": "國碼",
    "phone": "手機",
    "email": "電子郵件",
    "contactHelp": "市話與手機至少填寫一項。"
  }
};

export default partners;
