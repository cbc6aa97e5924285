/**
 * The operations console (issue 12): Refine over the admin API with Ant
 * Design in Chinese. Each role sees only its sections (src/shared/roles.ts);
 * the server refuses the rest whatever the console shows. Loaded only on
 * /admin (client:only), so no public page carries any of it.
 */
import '@ant-design/v5-patch-for-react-19';
import { Refine } from '@refinedev/core';
import { App, Button, ConfigProvider, Layout, Menu, Typography, type ThemeConfig } from 'antd';
import zhCN from 'antd/es/locale/zh_CN';
import dayjs from 'dayjs';
import 'dayjs/locale/zh-cn';
import { useEffect, useState } from 'react';
import { takeCarriedToast } from '../client/toast.ts';
import { SECTION_ROLES, type Role } from '../shared/roles.ts';
import { dataProvider } from './data-provider.ts';
import { AdsSection } from './sections/ads/Ads.tsx';
import { ArticlesSection } from './sections/articles/Articles.tsx';
import { ReviewSection } from './sections/articles/Review.tsx';
import { AuditSection } from './sections/audit/Audit.tsx';
import { CodesSection } from './sections/commerce/Codes.tsx';
import { CouponsSection } from './sections/commerce/Coupons.tsx';
import { OffersSection } from './sections/commerce/Offers.tsx';
import { OrdersSection } from './sections/commerce/Orders.tsx';
import { VipSection } from './sections/commerce/Vip.tsx';
import { GroupsSection } from './sections/commerce/groups/Groups.tsx';
import { ColumnsSection } from './sections/courses/Columns.tsx';
import { CoursesSection } from './sections/courses/Courses.tsx';
import { LabelsSection } from './sections/courses/Labels.tsx';
import { PathsSection } from './sections/courses/Paths.tsx';
import { ChallengesSection } from './sections/learning/Challenges.tsx';
import { SubmissionsSection } from './sections/learning/Submissions.tsx';
import { ResourcesSection } from './sections/courses/Resources.tsx';
import { DashboardSection } from './sections/dashboard/Dashboard.tsx';
import { JobsSection } from './sections/jobs/Jobs.tsx';
import { LivesSection } from './sections/live/Lives.tsx';
import { LiveQuestionsSection } from './sections/live/LiveQuestions.tsx';
import { CommentsSection } from './sections/members/Comments.tsx';
import { MembersSection } from './sections/members/Members.tsx';
import { CompaniesSection } from './sections/site/Companies.tsx';
import { NoticeCategoriesSection } from './sections/site/NoticeCategories.tsx';
import { NoticesSection } from './sections/site/Notices.tsx';
import { ToolsSection } from './sections/site/Tools.tsx';
import { ChecksSection } from './sections/courses/Checks.tsx';
import { CertificatesSection } from './sections/members/Certificates.tsx';
import { ShortVideosSection } from './sections/videos/ShortVideos.tsx';
import { messageRegion } from './live-region.ts';

type StaffRole = Exclude<Role, 'member'>;

// Dates in Chinese everywhere (pickers, relative times).
dayjs.locale('zh-cn');

/*
 * The console's colours (issue 29): antd's defaults put text at 3.3–4.1:1 on white (blue links,
 * red 删除, green tags). One theme gives every component colours of at least 4.5:1 on white and
 * on their own light tints: seed colours for buttons, links, messages and status tags, and the
 * 7th shade of each preset palette, which preset tags (color="green") use for their text.
 */
const CONSOLE_THEME: ThemeConfig = {
  token: {
    colorPrimary: '#0958d9', // 6.2:1 on white
    colorInfo: '#0958d9',
    colorLink: '#0958d9',
    // Links in running text are underlined, not told apart by colour alone (link-in-text-block).
    linkDecoration: 'underline',
    colorError: '#cf1322', // 5.6:1
    colorSuccess: '#237804', // 5.6:1
    colorWarning: '#ad4e00', // 5.4:1
    colorTextDescription: 'rgba(0, 0, 0, 0.65)', // 5.7:1, was 0.45 (3.4:1)
    colorTextTertiary: 'rgba(0, 0, 0, 0.65)',
    colorTextPlaceholder: 'rgba(0, 0, 0, 0.55)',
    // antd draws focus rings (buttons, the menu, pagination) in this colour: 6.2:1 on white,
    // was #91caff (1.7:1, seen on the focus screenshots in docs/a11y).
    colorPrimaryBorder: '#0958d9',
    red7: '#a8071a',
    volcano7: '#ad2102',
    orange7: '#ad4e00',
    gold7: '#874d00',
    yellow7: '#614700',
    lime7: '#3f6600',
    green7: '#237804',
    cyan7: '#006d75',
    blue7: '#003eb3',
    geekblue7: '#10239e',
    purple7: '#391085',
    magenta7: '#9e1068',
  },
};

/**
 * Staff who ask their system for reduced motion (WCAG 2.3.3) get the console without antd's
 * zooms and slides (every motion takes 0 s): dialogs, drawers and option lists are in place at
 * once.
 */
const STILL_THEME: ThemeConfig = {
  ...CONSOLE_THEME,
  token: { ...CONSOLE_THEME.token, motion: false },
};

function useReducedMotion(): boolean {
  const query = '(prefers-reduced-motion: reduce)';
  const [still, setStill] = useState(() => matchMedia(query).matches);
  useEffect(() => {
    const list = matchMedia(query);
    const follow = () => setStill(list.matches);
    list.addEventListener('change', follow);
    return () => list.removeEventListener('change', follow);
  }, []);
  return still;
}

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
    key: 'checks',
    label: '课内练习',
    allowed: SECTION_ROLES.content as readonly StaffRole[],
    view: () => <ChecksSection />,
  },
  {
    key: 'labels',
    label: '课程标签',
    allowed: SECTION_ROLES.content as readonly StaffRole[],
    view: () => <LabelsSection />,
  },
  {
    key: 'paths',
    label: '学习路线',
    allowed: SECTION_ROLES.content as readonly StaffRole[],
    view: () => <PathsSection />,
  },
  {
    key: 'challenges',
    label: '挑战管理',
    allowed: SECTION_ROLES.content as readonly StaffRole[],
    view: () => <ChallengesSection />,
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
    key: 'livequestions',
    label: '直播问答',
    allowed: SECTION_ROLES.review as readonly StaffRole[],
    view: () => <LiveQuestionsSection />,
  },
  {
    key: 'submissions',
    label: '作品审核',
    allowed: SECTION_ROLES.review as readonly StaffRole[],
    view: () => <SubmissionsSection />,
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
  {
    key: 'certificates',
    label: '证书管理',
    allowed: SECTION_ROLES.community as readonly StaffRole[],
    view: () => <CertificatesSection />,
  },
  { key: 'ads', label: '广告管理', allowed: ADMIN_ONLY, view: () => <AdsSection /> },
  { key: 'orders', label: '订单管理', allowed: ADMIN_ONLY, view: () => <OrdersSection /> },
  { key: 'codes', label: '兑换码', allowed: ADMIN_ONLY, view: () => <CodesSection /> },
  { key: 'coupons', label: '优惠券', allowed: ADMIN_ONLY, view: () => <CouponsSection /> },
  { key: 'offers', label: '优惠价', allowed: ADMIN_ONLY, view: () => <OffersSection /> },
  { key: 'vip', label: '会员', allowed: ADMIN_ONLY, view: () => <VipSection /> },
  { key: 'groups', label: '拼团', allowed: ADMIN_ONLY, view: () => <GroupsSection /> },
  { key: 'audit', label: '操作日志', allowed: ADMIN_ONLY, view: () => <AuditSection /> },
  { key: 'jobs', label: '后台任务', allowed: ADMIN_ONLY, view: () => <JobsSection /> },
];

/**
 * The message a site page carried into the console (登录成功 after a staff login, which goes
 * straight on to /admin): shown here, where it stays until the next one, instead of only on the
 * page the browser was leaving.
 */
function CarriedMessage(): null {
  const { message } = App.useApp();
  useEffect(() => {
    const carried = takeCarriedToast();
    if (carried) void message.open({ type: carried.kind, content: carried.message });
  }, [message]);
  return null;
}

export default function AdminApp(props: { role: StaffRole; name: string; roleName: string }) {
  const mine = SECTIONS.filter((s) => s.allowed.includes(props.role));
  const [current, setCurrent] = useState(mine[0]?.key ?? '');
  const section = mine.find((s) => s.key === current);
  // Narrow screens (below md): the menu is closed behind a 栏目 button, and while closed it is
  // out of the Tab order (a 0 px wide menu took focus and could not be opened; issue 29).
  const [narrow, setNarrow] = useState(false);
  const [menuOpen, setMenuOpen] = useState(false);
  const menuShown = !narrow || menuOpen;
  const still = useReducedMotion();
  return (
    <ConfigProvider
      locale={zhCN}
      theme={still ? STILL_THEME : CONSOLE_THEME}
      button={{ autoInsertSpace: false }}
    >
      {/* The result of the last save or refusal stays on screen until the next one replaces it:
          a message that left after 3 s was missed by anyone who looked away (and by tests on a
          busy machine, which raced its timer). It appears in a live region, so it is announced. */}
      <App message={{ duration: 0, maxCount: 1, getContainer: messageRegion }}>
        <CarriedMessage />
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
            { name: 'coupon' },
            { name: 'offer' },
            { name: 'jobs' },
          ]}
          options={{ disableTelemetry: true, syncWithLocation: false }}
        >
          <Layout style={{ minHeight: '100vh' }}>
            <Layout.Sider
              breakpoint="md"
              onBreakpoint={(broken) => {
                setNarrow(broken);
                setMenuOpen(false);
              }}
              collapsed={!menuShown}
              collapsedWidth={0}
              trigger={null}
              theme="light"
              width={200}
            >
              <div id="console-menu" hidden={!menuShown}>
                <div style={{ padding: '16px 20px', fontWeight: 600 }}>芯学堂运营后台</div>
                <Menu
                  mode="inline"
                  aria-label="后台栏目"
                  selectedKeys={[current]}
                  items={mine.map((s) => ({ key: s.key, label: s.label }))}
                  onClick={(e) => {
                    setCurrent(e.key);
                    setMenuOpen(false);
                  }}
                />
              </div>
            </Layout.Sider>
            <Layout>
              <Layout.Header
                // At 360 px the header wraps onto two rows instead of breaking the title
                // character by character and clipping the user's name (focus screenshots).
                style={{
                  background: '#fff',
                  display: 'flex',
                  flexWrap: 'wrap',
                  gap: '8px 16px',
                  justifyContent: 'space-between',
                  alignItems: 'center',
                  height: 'auto',
                  minHeight: 64,
                  lineHeight: 1.5,
                  padding: narrow ? '8px 12px' : '0 24px',
                }}
              >
                {narrow && (
                  <Button
                    aria-expanded={menuOpen}
                    aria-controls="console-menu"
                    onClick={() => setMenuOpen(!menuOpen)}
                  >
                    栏目
                  </Button>
                )}
                <Typography.Title level={4} style={{ margin: 0, whiteSpace: 'nowrap' }}>
                  {section?.label ?? '没有可用的栏目'}
                </Typography.Title>
                <span data-testid="admin-user">
                  {props.name}（{props.roleName}） ·{' '}
                  <a href="/" style={{ textDecoration: 'underline' }}>
                    返回网站
                  </a>
                </span>
              </Layout.Header>
              <Layout.Content style={{ margin: narrow ? 12 : 24 }}>
                {section?.view()}
              </Layout.Content>
            </Layout>
          </Layout>
        </Refine>
      </App>
    </ConfigProvider>
  );
}
