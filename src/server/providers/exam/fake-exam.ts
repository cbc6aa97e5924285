/**
 * The demo mode's local exam service (issue 15), standing in for the external
 * one at its edge and speaking its protocol: it opens only with a link we
 * signed (exam.ts), asks the course's own questions or those of a broadcast's
 * topic (banks.ts), scores the answers, and reports the result to our signed callback
 * (/api/examstar/callback) server to server, as the real service does.
 */
import { randomBytes } from 'node:crypto';

import { questionsFor } from './banks.ts';

export { questionsFor, type Question } from './banks.ts';

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

/** Scores the answers: points per right answer, out of 100; 60 passes (6 of 10 right). */
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
