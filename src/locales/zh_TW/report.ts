/** 報表畫面（zh_TW）：匯出報表下載（選單 42）與匯出工作的進度卡。 */
const report = {
  download: {
    title: '匯出報表下載',
    entity: '匯出報表',
    description: '您匯出的檔案。完成的檔案會自動下載，也可隨時在此再次下載。',
    fileName: '檔案名稱',
    functionType: '功能',
    status: '狀態',
    progress: '進度',
    downloaded: '已下載',
    download: '下載',
    downloadedNotice: '已下載',
    expiresAt: '檔案到期',
    jobsTitle: '匯出進行中',
    jobLabel: '匯出 #{{id}}',
    failedTitle: '匯出失敗',
    failed: '匯出失敗：{{message}}',
  },
  transactionLog: {
    title: '異動紀錄',
    entity: '異動',
    description: '貴公司及您管理的客戶所有的新增、修改與刪除，最新的在前。開啟一筆可查看異動前後的值。',
    time: '時間',
    startTime: '起',
    endTime: '迄',
    account: '帳號',
    function: '功能',
    action: '動作',
    resource: '資料類型',
    resourceId: '資料編號',
    client: '客戶',
    changes: '異動欄位',
    field: '欄位',
    before: '異動前',
    after: '異動後',
    /** Labels of fields no screen declares. */
    fieldNames: { id: '編號', createdAt: '建立時間', updatedAt: '更新時間', draft: '草稿' },
    empty: '（無）',
  },
};

export default report;
