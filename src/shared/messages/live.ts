/**
 * Live texts the browser shows itself (the live player, the status of a
 * broadcast on its card and page, the console's broadcast form); the
 * server's are in services/live/messages.ts.
 */
export const LIVE_MSG = {
  liveNoStream: '本场直播暂无可播放的视频',
  /** A broadcast's status (LiveStatus) by name. */
  status: {
    upcoming: '即将开始',
    live: '直播中',
    ended: '已结束',
  },
  /** An ended broadcast without its replay yet (pending), or with none to come (none). */
  replay: {
    pending: '直播已结束，回放正在制作中',
    none: '直播已结束，本场直播没有回放',
  },
  /** Chat and Q&A of a broadcast (issue 26): the server refuses with these, the island shows them. */
  chat: {
    title: '互动',
    tabChat: '聊天',
    tabQuestions: '提问',
    placeholder: '说点什么…',
    asQuestion: '作为提问',
    send: '发送',
    loginToSend: '登录后参与互动',
    empty: '请输入消息内容',
    tooLong: '消息不能超过{{max}}个字',
    controls: '消息不能包含换行、制表符等控制字符',
    notOnAir: '直播进行中才能发言',
    flood: '发言太频繁，请{{n}}秒后再试',
    banned: '您已被禁言至{{until}}，暂时不能发言',
    disabled: '账号已被停用，不能发言',
    held: '消息含有需审核的内容，审核通过后其他观众才能看到',
    heldMark: '审核中，仅自己可见',
    sent: '发送成功',
    notFound: '消息不存在或已被隐藏',
    notQuestion: '只能为提问投票',
    voted: '你已经赞同过这个问题',
    voteDone: '已赞同',
    vote: '赞同',
    answer: '已回答',
    answerPlaceholder: '输入回答',
    answerEmpty: '请输入回答内容',
    answerTooLong: '回答不能超过{{max}}个字',
    answered: '已回答',
    answerLabel: '回答：',
    pin: '置顶',
    unpin: '取消置顶',
    pinned: '置顶',
    hide: '隐藏',
    hiddenDone: '消息已隐藏',
    shownDone: '消息已显示',
    pinnedDone: '已置顶',
    unpinnedDone: '已取消置顶',
    answeredDone: '已回答',
    noMessages: '还没有消息',
    noQuestions: '还没有提问',
    replayTitle: '已回答的问题',
    replayEmpty: '本场没有已回答的问题',
    seek: '跳到 {{time}}',
    reconnecting: '连接中断，正在重连…',
    readOnlyEnded: '直播已结束，互动已关闭',
    readOnlyUpcoming: '直播开始后可以发言',
  },
  /** The console's broadcast form: the API refuses with these, the console checks the same. */
  manage: {
    description: '请输入介绍（不超过50000个字）',
    speaker: '请输入主讲人（不超过50个字）',
    time: '请输入正确的时间',
  },
} as const;
