/** 报表画面（zh_CN）：导出报表下载（菜单 42）与导出任务的进度卡。 */
const report = {
  download: {
    title: '导出报表下载',
    entity: '导出报表',
    description: '您导出的文件。完成的文件会自动下载，也可随时在此再次下载。',
    fileName: '文件名称',
    functionType: '功能',
    status: '状态',
    progress: '进度',
    downloaded: '已下载',
    download: '下载',
    downloadedNotice: '已下载',
    expiresAt: '文件到期',
    jobsTitle: '导出进行中',
    jobLabel: '导出 #{{id}}',
    failedTitle: '导出失败',
    failed: '导出失败：{{message}}',
  },
  transactionLog: {
    title: '异动记录',
    entity: '异动',
    description: '贵公司及您管理的客户所有的新增、修改与删除，最新的在前。打开一笔可查看异动前后的值。',
    time: '时间',
    startTime: '起',
    endTime: '止',
    account: '账号',
    function: '功能',
    action: '动作',
    resource: '数据类型',
    resourceId: '数据编号',
    client: '客户',
    changes: '异动字段',
    field: '字段',
    before: '异动前',
    after: '异动后',
    /** Labels of fields no screen declares. */
    fieldNames: { id: '编号', createdAt: '创建时间', updatedAt: '更新时间', draft: '草稿' },
    empty: '（无）',
  },
};

export default report;
