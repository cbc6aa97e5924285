/**
 * 短视频, a CrudSection: an address or an MP4 upload whose measured length
 * fills the form.
 */
import { Tag } from 'antd';
import { CrudSection, type CrudConfig } from '../parts/crud.tsx';
import { VideoUpload } from '../parts/shared.tsx';
import { formatClock } from '../../../shared/duration.ts';
import { formatDateTimeOrDash } from '../../../shared/format.ts';
import { MSG } from '../../../shared/messages.ts';
import { VIDEOS_MSG } from '../../../shared/messages/videos.ts';
import { urls } from '../../../shared/urls.ts';
import type { AdminShortVideoRow as ShortVideo } from '../../../server/services/videos/index.ts';

const SHORT_VIDEOS: CrudConfig<ShortVideo> = {
  path: 'shortvideo',
  noun: '短视频',
  nameOf: (v) => v.title,
  search: { param: 'q', label: '按标题搜索' },
  fields: [
    { name: 'title', label: '标题', max: 100, required: MSG.form.title },
    { name: 'author', label: '作者', max: 50, required: MSG.form.author },
    {
      name: 'path',
      label: '视频地址',
      required: VIDEOS_MSG.shortVideo.path,
      placeholder: '/media/… 或 https://…',
      extra: '填写地址，或在下方上传 MP4，地址与时长自动填入',
    },
    {
      name: 'durationSeconds',
      label: '时长',
      required: MSG.form.duration,
      placeholder: '分:秒',
    },
    { name: 'cover', label: '封面地址', placeholder: '/covers/… 或 https://…' },
    { name: 'recommended', label: '推荐', kind: 'switch' },
  ],
  initial: (v) => ({
    title: v?.title ?? '',
    author: v?.author ?? '',
    path: v?.path ?? '',
    durationSeconds: v ? formatClock(v.durationSeconds) : '',
    cover: v?.cover ?? '',
    recommended: v?.recommended ?? false,
  }),
  extra: (form) => (
    <VideoUpload form={form} path="path" duration="durationSeconds" purpose="short" />
  ),
  columns: [
    {
      title: '短视频',
      dataIndex: 'title',
      render: (t: string, v) => (
        <a href={urls.shortVideo(v.id)} target="_blank" rel="noreferrer">
          {t}
        </a>
      ),
    },
    { title: '作者', dataIndex: 'author', width: 120 },
    { title: '时长', dataIndex: 'durationSeconds', width: 80, render: formatClock },
    { title: '播放', dataIndex: 'views', width: 80 },
    { title: '点赞', dataIndex: 'likes', width: 80 },
    {
      title: '推荐',
      dataIndex: 'recommended',
      width: 70,
      render: (r: boolean) => (r ? <Tag color="gold">推荐</Tag> : null),
    },
    { title: '发布时间', dataIndex: 'createdAt', width: 150, render: formatDateTimeOrDash },
  ],
};

export const ShortVideosSection = () => <CrudSection config={SHORT_VIDEOS} />;
