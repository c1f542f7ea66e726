/** Report screens (en): export report download (menu 42) and the export jobs' progress card. */
const report = {
  download: {
    title: 'Export downloads',
    entity: 'Export report',
    description: 'Files of your exports. A finished file is downloaded automatically; download it here again at any time.',
    fileName: 'File name',
    functionType: 'Function',
    status: 'Status',
    progress: 'Progress',
    downloaded: 'Downloaded',
    download: 'Download',
    downloadedNotice: 'Downloaded',
    expiresAt: 'Expires',
    jobsTitle: 'Exports in progress',
    jobLabel: 'Export #{{id}}',
    failedTitle: 'Export failed',
    failed: 'The export failed: {{message}}',
  },
  transactionLog: {
    title: 'Change log',
    entity: 'Change',
    description: 'Every add, edit and delete made in your company and in the clients you manage, newest first. Open one to see the values before and after.',
    time: 'Time',
    startTime: 'From',
    endTime: 'To',
    account: 'Account',
    function: 'Function',
    action: 'Action',
    resource: 'Record type',
    resourceId: 'Record id',
    client: 'Client',
    changes: 'Changed fields',
    field: 'Field',
    before: 'Before',
    after: 'After',
    /** Labels of fields no screen declares. */
    fieldNames: { id: 'ID', createdAt: 'Created', updatedAt: 'Updated', draft: 'Draft' },
    empty: '(none)',
  },
};

export default report;
