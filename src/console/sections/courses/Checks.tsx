/**
 * 课内练习 (issue 28): the questions inside lessons, with their answers. A choice question lists
 * its options one per line and its answer as letters (B, or A,C for several); a numeric one its
 * value, unit and ± tolerance in percent. 提问时间 is the lesson's second the player pauses at
 * (blank: after the lesson). The server checks every rule and words every refusal.
 */
import { useEffect, useState } from 'react';
import { api } from '../../../client/api.ts';
import { CHECK_LIMITS } from '../../../shared/lesson-checks.ts';
import type { Listed } from '../../../shared/api-shapes.ts';
import { CrudSection, type CrudConfig } from '../parts/crud.tsx';
import type { AdminCheckRow as Check } from '../../../server/services/learning/index.ts';

const KINDS = [
  { value: 'single', label: '单选题' },
  { value: 'multiple', label: '多选题' },
  { value: 'numeric', label: '数值题' },
];
const kindName = (k: string) => KINDS.find((x) => x.value === k)?.label ?? k;

function config(lessons: { value: number; label: string }[]): CrudConfig<Check> {
  return {
    path: 'check',
    noun: '练习题',
    nameOf: (c) => c.prompt.slice(0, 20),
    fields: [
      {
        name: 'lessonId',
        label: '课时',
        kind: 'select',
        options: lessons,
        required: '请选择课时',
      },
      { name: 'kind', label: '题型', kind: 'select', options: KINDS, required: '请选择题型' },
      { name: 'prompt', label: '题目', kind: 'textarea', max: 500, required: '请填写题目' },
      {
        name: 'options',
        label: '选项（选择题，每行一个）',
        kind: 'textarea',
        max: 2000,
      },
      {
        name: 'answer',
        label: '正确答案',
        max: 40,
        required: '请填写正确答案',
        extra: '选择题填选项字母，如 B 或 A,C；数值题填数值，如 2.979',
      },
      { name: 'unit', label: '单位（数值题）', max: 10, placeholder: '如 V、mA、Ω' },
      { name: 'tolerance', label: '允许误差 ±%（数值题）', max: 5, placeholder: '如 1' },
      {
        name: 'atSeconds',
        label: '提问时间（秒）',
        max: 6,
        placeholder: '留空：课时结束后',
        extra: '播放到该秒时暂停并提问',
      },
      { name: 'maxTries', label: `作答次数（1–${CHECK_LIMITS.maxTries}）`, kind: 'number' },
      { name: 'explanation', label: '解析', kind: 'textarea', max: 1000 },
      { name: 'sortOrder', label: '排序', kind: 'number' },
    ],
    initial: (c) => ({
      lessonId: c?.lessonId,
      kind: c?.kind ?? 'single',
      prompt: c?.prompt ?? '',
      options: c?.options.join('\n') ?? '',
      answer: c?.answer ?? '',
      unit: c?.unit ?? '',
      tolerance: c?.tolerance === null || c?.tolerance === undefined ? '1' : String(c.tolerance),
      atSeconds: c?.atSeconds === null || c?.atSeconds === undefined ? '' : String(c.atSeconds),
      maxTries: c?.maxTries ?? CHECK_LIMITS.defaultTries,
      explanation: c?.explanation ?? '',
      sortOrder: c?.sortOrder ?? 0,
    }),
    columns: [
      { title: '课程', dataIndex: 'courseTitle', width: 200 },
      { title: '课时', dataIndex: 'lessonTitle', width: 180 },
      { title: '题型', dataIndex: 'kind', width: 80, render: kindName },
      { title: '题目', dataIndex: 'prompt' },
      {
        title: '答案',
        width: 120,
        render: (_: unknown, c: Check) =>
          c.kind === 'numeric' ? `${c.answer} ${c.unit ?? ''}（±${c.tolerance}%）` : c.answer,
      },
      {
        title: '提问时间',
        dataIndex: 'atSeconds',
        width: 90,
        render: (s: number | null) => (s === null ? '课时结束后' : `${s} 秒`),
      },
      { title: '作答人数', dataIndex: 'answered', width: 90 },
    ],
  };
}

export function ChecksSection() {
  const [lessons, setLessons] = useState<{ value: number; label: string }[] | null>(null);
  useEffect(() => {
    void api<Listed<{ id: number; label: string }>>('get', 'admin/check/lessons').then((r) => {
      if (r.code === 200) setLessons(r.data.list.map((l) => ({ value: l.id, label: l.label })));
    });
  }, []);
  if (!lessons) return null;
  return <CrudSection config={config(lessons)} />;
}
