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
    jobsTitle: '导出进行中',
    jobLabel: '导出 #{{id}}',
    failedTitle: '导出失败',
    failed: '导出失败：{{message}}',
  },
};

export default report;
