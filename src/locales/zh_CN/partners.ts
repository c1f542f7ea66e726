/** Text of the supplier and distributor screens (zh_CN), merged under `screens`. */

const partners = {
  "supplier": {
    "title": "供应商设定",
    "entity": "供应商",
    "name": "供应商名称"
  },
  "distributor": {
    "title": "经销商设定",
    "entity": "经销商",
    "name": "经销商名称"
  },
  "partner": {
    "account": "账号",
    "contact": "座机 / 手机",
    "functions": "功能",
    "warehouses": "授权仓库",
    "warehouse": "仓库",
    "status": "状态",
    "keyword": "账号或名称",
    "telephone": "座机",
    "phoneCountryCode": "国码",
    "phone": "手机",
    "email": "电子邮件",
    "contactHelp": "座机与手机至少填写一项。"
  }
};

export default partners;
