/** The screen playground (zh_TW). */
const playground = {
  open: '畫面試作區',
  title: '畫面試作區',
  intro: '編輯畫面宣告，輸入時即可看到對應的畫面。此處的內容不會儲存或送出：請下載檔案交給開發人員。',
  declaration: '畫面宣告',
  editor: '畫面宣告 JSON',
  edited: '已修改',
  changes: '變更',
  changesTitle: '與目前檔案的差異',
  noChanges: '沒有變更：內容與目前檔案相同。',
  reset: '還原',
  download: '下載',
  language: '預覽語言',
  previewNote: '依欄位產生的範例資料；不會送出任何資料到伺服器。',
  notSent: '預覽，未送出任何資料',
  noGrid: '此畫面宣告沒有列表（grid）。',
  noForm: '此畫面宣告沒有表單。',
  noProblems: '通過所有結構測試的檢查',
  problems: '{{count}} 個問題待修正',
  mode: { list: '列表', add: '新增', edit: '編輯', view: '檢視' },
  check: {
    json: 'JSON', meta: '後設結構', file: '檔案', menu: '選單', kind: '類型', enums: '列舉', concreteEnums: '列舉值',
    filterBy: 'filterBy', export: '匯出', ownFields: '欄位', visibleIf: 'visibleIf', validator: '驗證器', i18n: '翻譯鍵',
    optionSources: '選項來源', rowActionTexts: '列操作', widgets: '元件', icons: '圖示', calls: 'API 呼叫',
  },
};

export default playground;
