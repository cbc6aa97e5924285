/**
 * The demo mode's local exam service (issue 15), standing in for the external
 * one at its edge and speaking its protocol: it opens only with a link we
 * signed (exam.ts), asks a few questions on the course's or broadcast's
 * subject, scores the answers, and reports the result to our signed callback
 * (/api/examstar/callback) server to server, as the real service does.
 */
import { randomBytes } from 'node:crypto';

export interface Question {
  q: string;
  options: string[];
  /** Index of the right option. */
  answer: number;
}

/** A short practice per subject; the subject is picked from the title. */
const BANKS: { match: RegExp; questions: Question[] }[] = [
  {
    match: /电源|Buck|DC-DC|LDO|MOS|稳压/,
    questions: [
      {
        q: 'Buck 变换器的输出电压与占空比 D 的关系是？',
        options: ['Vout = D·Vin', 'Vout = Vin/(1−D)', 'Vout = Vin·(1−D)'],
        answer: 0,
      },
      {
        q: 'Type II 补偿网络提供几个零点、几个极点（不含原点）？',
        options: ['一个零点、一个极点', '两个零点、两个极点', '没有零点'],
        answer: 0,
      },
      {
        q: '穿越频率一般取开关频率的多少？',
        options: ['约 1/10 到 1/5', '等于开关频率', '开关频率的 2 倍'],
        answer: 0,
      },
    ],
  },
  {
    match: /STM32|MCU|单片机|嵌入式|RTOS|ESP32/,
    questions: [
      {
        q: 'STM32F103 的 ADC 时钟最高允许多少？',
        options: ['14 MHz', '72 MHz', '36 MHz'],
        answer: 0,
      },
      {
        q: '以 8 MHz HSE 得到 72 MHz 系统时钟，PLL 倍频系数是？',
        options: ['9', '6', '12'],
        answer: 0,
      },
      {
        q: 'FreeRTOS 中用于任务切换的异常是？',
        options: ['PendSV', 'HardFault', 'NMI'],
        answer: 0,
      },
    ],
  },
  {
    match: /CAN|总线|I2C|通信/,
    questions: [
      { q: 'CAN 总线两端终端电阻的阻值通常是？', options: ['120 Ω', '50 Ω', '1 kΩ'], answer: 0 },
      { q: 'CANopen 推荐的采样点位置约为？', options: ['87.5%', '50%', '25%'], answer: 0 },
      {
        q: 'I2C 总线为什么需要上拉电阻？',
        options: ['引脚为开漏输出', '为了限流', '为了滤波'],
        answer: 0,
      },
    ],
  },
];
const GENERAL: Question[] = [
  { q: 'RC 低通滤波器的截止频率是？', options: ['1/(2πRC)', '2πRC', 'RC/2π'], answer: 0 },
  {
    q: '运放"虚短"成立的前提是？',
    options: ['负反馈且开环增益足够大', '正反馈', '开环工作'],
    answer: 0,
  },
  {
    q: '示波器测开关电源纹波时应？',
    options: ['限制带宽到 20 MHz 并用短接地', '用长地线夹', '选交流耦合以外的任意方式'],
    answer: 0,
  },
];

export function questionsFor(title: string): Question[] {
  return BANKS.find((b) => b.match.test(title))?.questions ?? GENERAL;
}

const esc = (t: string) =>
  t.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

function page(title: string, body: string): string {
  return `<!doctype html><html lang="zh-CN"><meta charset="utf-8"><meta name="robots" content="noindex"><title>${esc(title)}</title><body><h1>${esc(title)}</h1>${body}</body></html>`;
}

/** The exam form: the signed link's fields ride along as hidden inputs. */
export function examForm(subject: string, signed: Record<string, string>, action: string): string {
  const hidden = Object.entries(signed)
    .map(([k, v]) => `<input type="hidden" name="${esc(k)}" value="${esc(v)}">`)
    .join('');
  const qs = questionsFor(subject)
    .map(
      (q, i) =>
        `<fieldset><legend>${i + 1}. ${esc(q.q)}</legend>${q.options
          .map(
            (o, j) =>
              `<label><input type="radio" name="q${i}" value="${j}" required> ${esc(o)}</label><br>`,
          )
          .join('')}</fieldset>`,
    )
    .join('');
  return page(
    '课后练习（演示考试服务）',
    `<p>练习对象：${esc(subject)}</p><form method="post" action="${esc(action)}">${hidden}${qs}<p><button type="submit">提交答卷</button></p></form>`,
  );
}

/** Scores the answers: points per right answer, out of 100. */
export function score(subject: string, answers: Record<string, string>) {
  const questions = questionsFor(subject);
  const right = questions.filter((q, i) => answers[`q${i}`] === String(q.answer)).length;
  const total = 100;
  const points = Math.round((right / questions.length) * total);
  return { score: points, total, passed: points >= 60 };
}

export function newAttemptId(): string {
  return `att_${randomBytes(9).toString('base64url')}`;
}

export function resultPage(
  subject: string,
  points: number,
  passed: boolean,
  delivered: boolean,
): string {
  return page(
    '练习结果（演示考试服务）',
    `<p>练习对象：${esc(subject)}</p><p data-exam-score>得分：${points} 分（${passed ? '通过' : '未通过'}）</p>` +
      `<p>${delivered ? '成绩已同步到芯学堂，可在个人中心“我的完成”查看。' : '成绩同步失败，请稍后重试。'}</p>` +
      '<p><a href="/usercenter/mycomplete">查看我的完成</a></p>',
  );
}

export function refusedPage(message: string): string {
  return page('课后练习（演示考试服务）', `<p>${esc(message)}</p>`);
}
