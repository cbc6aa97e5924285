/**
 * The operations console (issue 12): Refine over the admin API with Ant
 * Design in Chinese. Each role sees only its sections (src/shared/roles.ts);
 * the server refuses the rest whatever the console shows. Loaded only on
 * /admin (client:only), so no public page carries any of it.
 */
import '@ant-design/v5-patch-for-react-19';
import { Refine } from '@refinedev/core';
import { App, ConfigProvider, Layout, Menu, Typography } from 'antd';
import zhCN from 'antd/es/locale/zh_CN';
import dayjs from 'dayjs';
import 'dayjs/locale/zh-cn';
import { useState } from 'react';
import { SECTION_ROLES, type Role } from '../shared/roles.ts';
import { dataProvider } from './data-provider.ts';
import { AdsSection } from './sections/ads/Ads.tsx';
import { ArticlesSection } from './sections/articles/Articles.tsx';
import { ReviewSection } from './sections/articles/Review.tsx';
import { AuditSection } from './sections/audit/Audit.tsx';
import { CodesSection } from './sections/commerce/Codes.tsx';
import { OrdersSection } from './sections/commerce/Orders.tsx';
import { ColumnsSection } from './sections/courses/Columns.tsx';
import { CoursesSection } from './sections/courses/Courses.tsx';
import { LabelsSection } from './sections/courses/Labels.tsx';
import { ResourcesSection } from './sections/courses/Resources.tsx';
import { DashboardSection } from './sections/dashboard/Dashboard.tsx';
import { JobsSection } from './sections/jobs/Jobs.tsx';
import { LivesSection } from './sections/live/Lives.tsx';
import { CommentsSection } from './sections/members/Comments.tsx';
import { MembersSection } from './sections/members/Members.tsx';
import { CompaniesSection } from './sections/site/Companies.tsx';
import { NoticeCategoriesSection } from './sections/site/NoticeCategories.tsx';
import { NoticesSection } from './sections/site/Notices.tsx';
import { ToolsSection } from './sections/site/Tools.tsx';
import { ShortVideosSection } from './sections/videos/ShortVideos.tsx';

type StaffRole = Exclude<Role, 'member'>;

// Dates in Chinese everywhere (pickers, relative times).
dayjs.locale('zh-cn');

interface Section {
  key: string;
  label: string;
  /** Who may open it: a console section of roles.ts, or admins only. */
  allowed: readonly StaffRole[];
  view: () => React.ReactElement;
}

const ADMIN_ONLY: readonly StaffRole[] = ['admin'];
const SECTIONS: Section[] = [
  { key: 'dashboard', label: '数据概览', allowed: ADMIN_ONLY, view: () => <DashboardSection /> },
  {
    key: 'articles',
    label: '文章管理',
    allowed: SECTION_ROLES.content as readonly StaffRole[],
    view: () => <ArticlesSection />,
  },
  {
    key: 'columns',
    label: '专栏管理',
    allowed: SECTION_ROLES.content as readonly StaffRole[],
    view: () => <ColumnsSection />,
  },
  {
    key: 'courses',
    label: '课程管理',
    allowed: SECTION_ROLES.content as readonly StaffRole[],
    view: () => <CoursesSection />,
  },
  {
    key: 'labels',
    label: '课程标签',
    allowed: SECTION_ROLES.content as readonly StaffRole[],
    view: () => <LabelsSection />,
  },
  {
    key: 'lives',
    label: '直播管理',
    allowed: SECTION_ROLES.content as readonly StaffRole[],
    view: () => <LivesSection />,
  },
  {
    key: 'shortvideos',
    label: '短视频',
    allowed: SECTION_ROLES.content as readonly StaffRole[],
    view: () => <ShortVideosSection />,
  },
  {
    key: 'resources',
    label: '资源管理',
    allowed: SECTION_ROLES.content as readonly StaffRole[],
    view: () => <ResourcesSection />,
  },
  {
    key: 'notices',
    label: '公告管理',
    allowed: SECTION_ROLES.content as readonly StaffRole[],
    view: () => <NoticesSection />,
  },
  {
    key: 'noticecategories',
    label: '公告分类',
    allowed: SECTION_ROLES.content as readonly StaffRole[],
    view: () => <NoticeCategoriesSection />,
  },
  {
    key: 'tools',
    label: '学习工具',
    allowed: SECTION_ROLES.content as readonly StaffRole[],
    view: () => <ToolsSection />,
  },
  {
    key: 'companies',
    label: '合作公司',
    allowed: SECTION_ROLES.content as readonly StaffRole[],
    view: () => <CompaniesSection />,
  },
  {
    key: 'review',
    label: '投稿审核',
    allowed: SECTION_ROLES.review as readonly StaffRole[],
    view: () => <ReviewSection />,
  },
  {
    key: 'comments',
    label: '评论管理',
    allowed: SECTION_ROLES.community as readonly StaffRole[],
    view: () => <CommentsSection />,
  },
  {
    key: 'members',
    label: '会员管理',
    allowed: SECTION_ROLES.community as readonly StaffRole[],
    view: () => <MembersSection />,
  },
  { key: 'ads', label: '广告管理', allowed: ADMIN_ONLY, view: () => <AdsSection /> },
  { key: 'orders', label: '订单管理', allowed: ADMIN_ONLY, view: () => <OrdersSection /> },
  { key: 'codes', label: '兑换码', allowed: ADMIN_ONLY, view: () => <CodesSection /> },
  { key: 'audit', label: '操作日志', allowed: ADMIN_ONLY, view: () => <AuditSection /> },
  { key: 'jobs', label: '后台任务', allowed: ADMIN_ONLY, view: () => <JobsSection /> },
];

export default function AdminApp(props: { role: StaffRole; name: string; roleName: string }) {
  const mine = SECTIONS.filter((s) => s.allowed.includes(props.role));
  const [current, setCurrent] = useState(mine[0]?.key ?? '');
  const section = mine.find((s) => s.key === current);
  return (
    <ConfigProvider locale={zhCN} button={{ autoInsertSpace: false }}>
      <App>
        <Refine
          dataProvider={dataProvider}
          resources={[
            { name: 'ad' },
            { name: 'comment' },
            { name: 'member' },
            { name: 'audit' },
            { name: 'pending' },
            { name: 'order' },
            { name: 'article' },
            { name: 'course' },
            { name: 'live' },
            { name: 'resource' },
            { name: 'notice' },
            { name: 'codebatch' },
            { name: 'jobs' },
          ]}
          options={{ disableTelemetry: true, syncWithLocation: false }}
        >
          <Layout style={{ minHeight: '100vh' }}>
            <Layout.Sider breakpoint="md" collapsedWidth={0} theme="light" width={200}>
              <div style={{ padding: '16px 20px', fontWeight: 600 }}>芯学堂运营后台</div>
              <Menu
                mode="inline"
                aria-label="后台栏目"
                selectedKeys={[current]}
                items={mine.map((s) => ({ key: s.key, label: s.label }))}
                onClick={(e) => setCurrent(e.key)}
              />
            </Layout.Sider>
            <Layout>
              <Layout.Header
                style={{
                  background: '#fff',
                  display: 'flex',
                  justifyContent: 'space-between',
                  alignItems: 'center',
                  padding: '0 24px',
                }}
              >
                <Typography.Title level={4} style={{ margin: 0 }}>
                  {section?.label ?? '没有可用的栏目'}
                </Typography.Title>
                <span data-testid="admin-user">
                  {props.name}（{props.roleName}） · <a href="/">返回网站</a>
                </span>
              </Layout.Header>
              <Layout.Content style={{ margin: 24 }}>{section?.view()}</Layout.Content>
            </Layout>
          </Layout>
        </Refine>
      </App>
    </ConfigProvider>
  );
}
