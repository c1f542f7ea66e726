/** Text of the binding and logistics screens (zh_CN), merged under `screens`. */
import type en from '../en/logistics';

const logistics: typeof en = {
  "binding": {
    "enabled": "启用",
    "enabledHelp": "停用时，绑定于其下的项目（产线、班别）一并停用。",
    "disableFactoryConfirm": "确定要停用此工厂吗？其下的产线与班别将一并停用，App 不能再将条码绑定到它们。",
    "disableLineConfirm": "确定要停用此产线吗？其下的班别将一并停用，App 不能再将条码绑定到它们。"
  },
  "factory": {
    "title": "工厂",
    "entity": "工厂",
    "name": "工厂名称",
    "address": "地址",
    "lineCount": "产线数"
  },
  "productionLine": {
    "title": "产线",
    "entity": "产线",
    "name": "产线名称",
    "factory": "工厂",
    "shiftCount": "班别数"
  },
  "shift": {
    "title": "班别",
    "entity": "班别",
    "name": "班别名称",
    "line": "产线",
    "startTime": "开始时间",
    "endTime": "结束时间"
  },
  "warehouse": {
    "title": "仓库",
    "entity": "仓库",
    "name": "仓库名称",
    "type": "仓库类型",
    "address": "地址"
  },
  "packageRatio": {
    "title": "包装比例",
    "entity": "包装比例",
    "name": "比例名称",
    "level": "层数",
    "summary": "比例",
    "unit1": "第一层单位",
    "unit2": "第二层单位",
    "quantity2": "每个第二层单位的第一层数量",
    "unit3": "第三层单位",
    "quantity3": "每个第三层单位的第二层数量",
    "unit4": "第四层单位",
    "quantity4": "每个第四层单位的第三层数量",
    "unit5": "第五层单位",
    "quantity5": "每个第五层单位的第四层数量"
  },
  "sheet": {
    "stockTitle": "入库单",
    "shipTitle": "出货单",
    "entity": "单据",
    "id": "单号",
    "sheetType": "单据类型",
    "warehouse": "仓库",
    "fromWarehouse": "出货仓库",
    "toWarehouse": "收货仓库",
    "account": "扫描账号",
    "scannedCount": "扫描条码数",
    "codeCount": "移动条码数",
    "time": "时间",
    "code": "条码",
    "scannedCodes": "扫描的条码",
    "scanned": "方式",
    "scannedYes": "扫描",
    "scannedInside": "随外箱移动"
  },
  "exceptionLog": { "title": "异常记录", "entity": "异常", "time": "时间", "account": "扫描账号", "kind": "扫描作业", "sheetType": "单据类型", "code": "条码", "reason": "原因", "errorCode": "错误码", "batchId": "批次", "from": "起", "to": "止" },
  "antiCounterfeit": { "title": "防伪页面维护", "description": "消费者扫描您的正品条码时看到的内容：标题、正文与最多 4 张图片（每张 2 MB 以内）。", "enable": "在消费者页面显示", "pageTitle": "标题", "content": "正文", "images": "图片", "verified": "正品验证" },
  "stockSheet": { "title": "入库查询", "entity": "入库单" },
  "shipSheet": { "title": "出货查询", "entity": "出货单" },
  "barcode": {"barcodeNotExist": "此条码不存在。", "title": "条码查询", "code": "条码", "client": "客户", "product": "产品", "material": "包材", "generatedAt": "产生时间", "level": "包装层级", "binding": "生产绑定", "status": "物流状态", "status0": "未入库", "status1": "在库", "status2": "已出货", "parents": "外层包装", "children": "内层包装", "scans": "扫描记录", "movements": "物流记录", "time": "时间", "source": "扫描来源", "source1": "消费者", "source2": "App", "type": "设备", "location": "地点", "account": "账号", "sheetType": "单据类型", "warehouse": "仓库", "toWarehouse": "收货仓库", "latitude": "纬度", "longitude": "经度", "scanLogReport": "扫描记录", "exportScans": "导出扫描记录", "periodTitle": "期间扫描记录", "from": "起", "to": "止", "exportPeriod": "导出", "shortUrl": "短网址", "createShortUrl": "建立短网址"}
};

export default logistics;
