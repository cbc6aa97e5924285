/**
 * 章节 and 字幕 of a lesson or a replay (issue 23): chapters typed as `分:秒 标题` lines, subtitles
 * chosen as a WebVTT file. Both are checked here with the server's own rules
 * (src/shared/media-text.ts), so a wrong line is named before anything is sent.
 */
import { Button, Form, Input, Space, Upload } from 'antd';
import { useState } from 'react';
import { toSeconds } from '../../../shared/duration.ts';
import {
  formatChapters,
  parseChapters,
  parseVtt,
  type Chapter,
} from '../../../shared/media-text.ts';

/** A file's text as the form field holds it: undefined keeps what is stored, '' removes it. */
function SubtitleInput(props: { value?: string; onChange?(v: string): void; stored: number }) {
  const [file, setFile] = useState('');
  const chosen = props.value ? parseVtt(props.value) : null;
  const status =
    props.value === undefined
      ? props.stored > 0
        ? `已有 ${props.stored} 条字幕`
        : '未上传字幕'
      : props.value === ''
        ? '保存后删除字幕'
        : chosen?.ok
          ? `${file}：${chosen.value.length} 条字幕`
          : file;
  return (
    <Space wrap>
      <span data-subtitle-status>{status}</span>
      <Upload
        accept=".vtt,text/vtt"
        showUploadList={false}
        beforeUpload={(f) => {
          setFile(f.name);
          void f.text().then((t) => props.onChange?.(t));
          return false;
        }}
      >
        <Button size="small">选择 WebVTT 文件</Button>
      </Upload>
      {(props.stored > 0 || props.value) && (
        <Button size="small" onClick={() => props.onChange?.('')}>
          删除字幕
        </Button>
      )}
    </Space>
  );
}

/**
 * The two fields. `lengthField` names the form's duration field (typed 分:秒), so a chapter past
 * the end is refused here as on the server; `storedCues` is how many cues the row has now.
 */
export function MediaTextFields(props: { storedCues: number; lengthField?: string }) {
  return (
    <>
      <Form.Item
        name="chapters"
        label="章节"
        extra="每行一个：分:秒 标题，例如 02:30 分压电路；留空则没有章节"
        dependencies={props.lengthField ? [props.lengthField] : []}
        rules={[
          ({ getFieldValue }) => ({
            validator: async (_, v?: string) => {
              const length = props.lengthField
                ? toSeconds(getFieldValue(props.lengthField))
                : Number.NaN;
              const r = parseChapters(v ?? '', Number.isFinite(length) ? length : undefined);
              if (!r.ok) throw new Error(r.message);
            },
          }),
        ]}
      >
        <Input.TextArea rows={4} placeholder={'00:00 引言\n02:30 分压电路'} />
      </Form.Item>
      <Form.Item
        name="subtitles"
        label="字幕（WebVTT）"
        rules={[
          {
            validator: async (_, v?: string) => {
              if (!v) return;
              const r = parseVtt(v);
              if (!r.ok) throw new Error(r.message);
            },
          },
        ]}
      >
        <SubtitleInput stored={props.storedCues} />
      </Form.Item>
    </>
  );
}

/** The fields' starting values for a row (its chapters as lines; the file left as stored). */
export const mediaTextInitial = (chapters: readonly Chapter[] | undefined) => ({
  chapters: formatChapters(chapters ?? []),
  subtitles: undefined,
});

/** What a save sends: the chapters always ('' clears them), the subtitles only when changed. */
export function mediaTextValues(v: { chapters?: string; subtitles?: string }) {
  return {
    chapters: v.chapters ?? '',
    ...(v.subtitles !== undefined && { subtitles: v.subtitles }),
  };
}
