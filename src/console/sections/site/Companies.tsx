/** 合作公司, a CrudSection: the technical zone's domain, logo and login image. */
import { Tag } from 'antd';
import { CrudSection, type CrudConfig } from '../parts/crud.tsx';
import { SITE_MSG } from '../../../shared/messages/site.ts';
import type { AdminCompanyRow as Company } from '../../../server/services/site/index.ts';

const COMPANIES: CrudConfig<Company> = {
  path: 'company',
  noun: '公司',
  nameOf: (c) => c.name,
  fields: [
    { name: 'name', label: '公司名称', max: 50, required: SITE_MSG.company.name },
    {
      name: 'domain',
      label: '专区域名',
      required: SITE_MSG.company.domain,
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

export const CompaniesSection = () => <CrudSection config={COMPANIES} />;
