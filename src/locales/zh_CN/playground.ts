/** The screen playground (zh_CN). */
const playground = {
  open: '画面试作区',
  title: '画面试作区',
  intro: '编辑画面声明，输入时即可看到对应的画面。此处的内容不会保存或发送：请下载文件交给开发人员。',
  declaration: '画面声明',
  editor: '画面声明 JSON',
  edited: '已修改',
  changes: '变更',
  changesTitle: '与当前文件的差异',
  noChanges: '没有变更：内容与当前文件相同。',
  reset: '还原',
  download: '下载',
  language: '预览语言',
  previewNote: '依字段生成的示例数据；不会发送任何数据到服务器。',
  notSent: '预览，未发送任何数据',
  noGrid: '此画面声明没有列表（grid）。',
  noForm: '此画面声明没有表单。',
  noProblems: '通过所有结构测试的检查',
  problems: '{{count}} 个问题待修正',
  mode: { list: '列表', add: '新增', edit: '编辑', view: '查看' },
  check: {
    json: 'JSON', meta: '元结构', file: '文件', menu: '菜单', kind: '类型', enums: '枚举', concreteEnums: '枚举值',
    filterBy: 'filterBy', export: '导出', ownFields: '字段', visibleIf: 'visibleIf', validator: '验证器', i18n: '翻译键',
    optionSources: '选项来源', rowActionTexts: '行操作', widgets: '组件', icons: '图标', calls: 'API 调用',
  },
};

export default playground;
