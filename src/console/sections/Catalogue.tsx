/**
 * The catalogue's smaller kinds, each a CrudSection: 短视频 (address or MP4
 * upload whose measured length fills the form), 课程标签, 合作公司 (the
 * technical zone's domain, logo and login image) and 公告分类.
 */
import { Tag } from 'antd';
import { CrudSection, type CrudConfig } from './crud.tsx';
import { COURSE_TYPES, VideoUpload, beijing, clock } from './shared.tsx';

interface ShortVideo {
  id: number;
  title: string;
  path: string;
  cover: string | null;
  author: string;
  durationSeconds: number;
  recommended: boolean;
  views: number;
  likes: number;
  createdAt: string;
}

const SHORT_VIDEOS: CrudConfig<ShortVideo> = {
  path: 'shortvideo',
  noun: '短视频',
  nameOf: (v) => v.title,
  search: { param: 'q', label: '按标题搜索' },
  fields: [
    { name: 'title', label: '标题', max: 100, required: '请输入标题（不超过100个字）' },
    { name: 'author', label: '作者', max: 50, required: '请输入作者（不超过50个字）' },
    {
      name: 'path',
      label: '视频地址',
      required: '视频地址须为站内路径或 https 地址',
      placeholder: '/media/… 或 https://…',
      extra: '填写地址，或在下方上传 MP4，地址与时长自动填入',
    },
    {
      name: 'durationSeconds',
      label: '时长',
      required: '请输入时长，如 12:30（分:秒）或秒数，最长24小时',
      placeholder: '分:秒',
    },
    { name: 'cover', label: '封面地址', placeholder: '/covers/… 或 https://…' },
    { name: 'recommended', label: '推荐', kind: 'switch' },
  ],
  initial: (v) => ({
    title: v?.title ?? '',
    author: v?.author ?? '',
    path: v?.path ?? '',
    durationSeconds: v ? clock(v.durationSeconds) : '',
    cover: v?.cover ?? '',
    recommended: v?.recommended ?? false,
  }),
  extra: (form) => <VideoUpload form={form} path="path" duration="durationSeconds" />,
  columns: [
    {
      title: '短视频',
      dataIndex: 'title',
      render: (t: string, v) => (
        <a href={`/shortvideodetail?id=${v.id}`} target="_blank" rel="noreferrer">
          {t}
        </a>
      ),
    },
    { title: '作者', dataIndex: 'author', width: 120 },
    { title: '时长', dataIndex: 'durationSeconds', width: 80, render: clock },
    { title: '播放', dataIndex: 'views', width: 80 },
    { title: '点赞', dataIndex: 'likes', width: 80 },
    {
      title: '推荐',
      dataIndex: 'recommended',
      width: 70,
      render: (r: boolean) => (r ? <Tag color="gold">推荐</Tag> : null),
    },
    { title: '发布时间', dataIndex: 'createdAt', width: 150, render: beijing },
  ],
};

interface Label {
  id: number;
  name: string;
  courseType: number;
  displayOrder: number;
  courses: number;
}

const LABELS: CrudConfig<Label> = {
  path: 'label',
  noun: '标签',
  nameOf: (l) => l.name,
  fields: [
    { name: 'name', label: '标签名称', max: 20, required: '请输入标签名称（不超过20个字）' },
    { name: 'courseType', label: '课程类型', kind: 'select', options: COURSE_TYPES },
    { name: 'displayOrder', label: '排序', kind: 'number' },
  ],
  initial: (l) => ({
    name: l?.name ?? '',
    courseType: l?.courseType ?? 1,
    displayOrder: l?.displayOrder ?? 0,
  }),
  columns: [
    { title: '标签', dataIndex: 'name' },
    {
      title: '课程类型',
      dataIndex: 'courseType',
      width: 120,
      render: (t: number) => COURSE_TYPES.find((c) => c.value === t)?.label ?? t,
    },
    { title: '课程数', dataIndex: 'courses', width: 90 },
    { title: '排序', dataIndex: 'displayOrder', width: 70 },
  ],
};

interface Company {
  id: number;
  name: string;
  domain: string;
  logo: string | null;
  description: string;
  loginImageUrl: string | null;
  featured: boolean;
  displayOrder: number;
  content: number;
}

const COMPANIES: CrudConfig<Company> = {
  path: 'company',
  noun: '公司',
  nameOf: (c) => c.name,
  fields: [
    { name: 'name', label: '公司名称', max: 50, required: '请输入公司名称（不超过50个字）' },
    {
      name: 'domain',
      label: '专区域名',
      required: '请输入专区域名，如 zone.example.com',
      placeholder: 'zone.example.com',
      extra: '技术专区的独立域名，解析到本站后即显示该公司的专区首页',
    },
    { name: 'description', label: '简介', kind: 'textarea', max: 500 },
    { name: 'logo', label: 'Logo 地址', placeholder: '/covers/… 或 https://…' },
    {
      name: 'loginImageUrl',
      label: '登录页图片',
      placeholder: '/covers/… 或 https://…',
      extra: '专区登录对话框旁显示的图片',
    },
    { name: 'featured', label: '页脚推荐', kind: 'switch' },
    { name: 'displayOrder', label: '排序', kind: 'number' },
  ],
  initial: (c) => ({
    name: c?.name ?? '',
    domain: c?.domain ?? '',
    description: c?.description ?? '',
    logo: c?.logo ?? '',
    loginImageUrl: c?.loginImageUrl ?? '',
    featured: c?.featured ?? false,
    displayOrder: c?.displayOrder ?? 0,
  }),
  columns: [
    { title: '公司', dataIndex: 'name', width: 180 },
    {
      title: '专区域名',
      dataIndex: 'domain',
      render: (d: string) => (
        <a href={`https://${d}/`} target="_blank" rel="noreferrer">
          {d}
        </a>
      ),
    },
    { title: '专区内容', dataIndex: 'content', width: 90 },
    {
      title: '页脚推荐',
      dataIndex: 'featured',
      width: 90,
      render: (f: boolean) => (f ? <Tag color="blue">推荐</Tag> : null),
    },
    { title: '排序', dataIndex: 'displayOrder', width: 70 },
  ],
};

interface NoticeCategory {
  id: number;
  name: string;
  displayOrder: number;
  notices: number;
}

const NOTICE_CATEGORIES: CrudConfig<NoticeCategory> = {
  path: 'notice/category',
  noun: '公告分类',
  nameOf: (c) => c.name,
  fields: [
    { name: 'name', label: '分类名称', max: 20, required: '请输入分类名称（不超过20个字）' },
    { name: 'displayOrder', label: '排序', kind: 'number' },
  ],
  initial: (c) => ({ name: c?.name ?? '', displayOrder: c?.displayOrder ?? 0 }),
  columns: [
    { title: '分类', dataIndex: 'name' },
    { title: '公告数', dataIndex: 'notices', width: 90 },
    { title: '排序', dataIndex: 'displayOrder', width: 70 },
  ],
};

export const ShortVideosSection = () => <CrudSection config={SHORT_VIDEOS} />;
export const LabelsSection = () => <CrudSection config={LABELS} />;
export const CompaniesSection = () => <CrudSection config={COMPANIES} />;
export const NoticeCategoriesSection = () => <CrudSection config={NOTICE_CATEGORIES} />;
