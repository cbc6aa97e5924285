/**
 * 文章管理: editorial articles in every state (published, scheduled, off the
 * site), written in the rich-text editor; publish now or at a time, take off
 * the site, delete. The server renders the editor's document to the public
 * HTML and drops exactly the pages that show the article.
 */
import { useTable } from '@refinedev/antd';
import { App, Button, Drawer, Form, Input, Select, Space, Switch, Table, Tag } from 'antd';
import { FormSelect } from '../parts/form-select.tsx';
import { BeijingDatePicker } from '../parts/beijing-pickers.tsx';
import { formatDateTime } from '../../../shared/format.ts';
import { useEffect, useState } from 'react';
import { api } from '../../../client/api.ts';
import { adminCall } from '../../data-provider.ts';
import { RichEditor, type Doc } from '../../editor/RichEditor.tsx';
import { ActionButton, DeleteAction, timeColumn } from '../parts/shared.tsx';
import { MSG } from '../../../shared/messages.ts';
import { ARTICLES_MSG } from '../../../shared/messages/articles.ts';
import type {
  ArticleClassifyOption as Classify,
  ArticleState,
  EditorialArticleDetail as Detail,
  EditorialRow as Row,
} from '../../../server/services/articles/index.ts';

interface Values {
  title: string;
  classifyId: number;
  secondClassifyId?: number | null;
  summary?: string;
  authorName: string;
  cover?: string;
  source?: string;
  recommended: boolean;
  publishAt?: string | null;
  body?: Doc | string | null;
}

const STATE: Record<ArticleState, [string, string]> = {
  published: ['已发布', 'green'],
  scheduled: ['定时发布', 'blue'],
  draft: ['已下线', 'default'],
};

/** The drawer's form: a new article (id null) or an existing one, loaded first. */
function ArticleForm(props: { id: number | null; classifies: Classify[]; onDone(): void }) {
  const { message } = App.useApp();
  const [form] = Form.useForm<Values>();
  const [detail, setDetail] = useState<Detail | null>(null);
  const [busy, setBusy] = useState(false);
  const classifyId = Form.useWatch('classifyId', form);
  const seconds = props.classifies.find((c) => c.id === classifyId)?.children ?? [];
  useEffect(() => {
    if (props.id === null) return;
    void api<Detail>('get', 'admin/article/detail', {
      searchParams: { id: String(props.id) },
    }).then((res) => {
      if (res.code !== 200) return void message.error(res.message);
      setDetail(res.data);
    });
  }, [props.id, message]);
  if (props.id !== null && !detail) return <p>加载中…</p>;
  const submit = async (v: Values) => {
    setBusy(true);
    try {
      const values: Record<string, unknown> = {
        title: v.title,
        classifyId: v.classifyId,
        secondClassifyId: v.secondClassifyId ?? null,
        summary: v.summary ?? '',
        authorName: v.authorName,
        cover: v.cover ?? '',
        source: v.source ?? '',
        recommended: v.recommended,
      };
      // The body is sent when it was written or changed here (an untouched old HTML body stays).
      if (v.body && typeof v.body === 'object') values.contentDoc = JSON.stringify(v.body);
      // A time is sent for a new article, or when it was changed: editing leaves an article's state alone.
      if (props.id === null || form.isFieldTouched('publishAt'))
        values.publishAt = v.publishAt ?? '';
      if (props.id === null) await adminCall('article/create', values);
      else await adminCall('article/update', { ...values, id: props.id });
      void message.success(
        v.publishAt && Date.parse(v.publishAt) > Date.now()
          ? `文章已保存，将于 ${formatDateTime(v.publishAt)} 发布`
          : '文章已保存',
      );
      props.onDone();
    } catch (err) {
      void message.error((err as { message?: string }).message ?? '保存失败');
    } finally {
      setBusy(false);
    }
  };
  return (
    <Form
      form={form}
      layout="vertical"
      aria-label="文章"
      initialValues={
        detail
          ? {
              title: detail.title,
              classifyId: detail.classifyId,
              secondClassifyId: detail.secondClassifyId,
              summary: detail.summary,
              authorName: detail.authorName,
              cover: detail.cover ?? '',
              source: detail.source ?? '',
              recommended: detail.recommended,
              publishAt: detail.publishedAt ?? null,
              body: detail.contentDoc ?? detail.content,
            }
          : { recommended: false, authorName: '芯学堂编辑部' }
      }
      onFinish={(v) => void submit(v)}
    >
      <Form.Item
        name="title"
        label="标题"
        rules={[{ required: true, max: 100, message: MSG.form.title }]}
      >
        <Input maxLength={100} showCount />
      </Form.Item>
      <Space size="large" wrap>
        <Form.Item
          name="classifyId"
          label="分类"
          rules={[{ required: true, message: '请选择分类' }]}
        >
          <FormSelect
            style={{ width: 200 }}
            options={props.classifies.map((c) => ({ value: c.id, label: c.name }))}
            onChange={() => form.setFieldValue('secondClassifyId', null)}
          />
        </Form.Item>
        <Form.Item name="secondClassifyId" label="二级分类">
          <Select
            style={{ width: 200 }}
            allowClear
            disabled={seconds.length === 0}
            options={seconds.map((c) => ({ value: c.id, label: c.name }))}
          />
        </Form.Item>
        <Form.Item
          name="authorName"
          label="作者"
          rules={[{ required: true, max: 50, message: MSG.form.author }]}
        >
          <Input style={{ width: 200 }} maxLength={50} />
        </Form.Item>
        <Form.Item name="publishAt" label="发布时间" extra="留空为立即发布；选将来的时间则定时发布">
          <BeijingDatePicker showTime={{ format: 'HH:mm:ss' }} format="YYYY-MM-DD HH:mm:ss" />
        </Form.Item>
        <Form.Item name="recommended" label="推荐" valuePropName="checked">
          <Switch />
        </Form.Item>
      </Space>
      <Form.Item name="summary" label="摘要" rules={[{ max: 300, message: MSG.form.summary }]}>
        <Input.TextArea rows={2} maxLength={300} showCount />
      </Form.Item>
      <Space size="large" wrap>
        <Form.Item name="cover" label="封面地址">
          <Input style={{ width: 360 }} placeholder="https://… 或 /covers/…" />
        </Form.Item>
        <Form.Item name="source" label="来源地址">
          <Input style={{ width: 360 }} placeholder="https://…" />
        </Form.Item>
      </Space>
      <Form.Item
        name="body"
        label="正文"
        rules={[{ required: props.id === null, message: MSG.form.content }]}
      >
        <RichEditor aria-label="正文" />
      </Form.Item>
      <Button type="primary" htmlType="submit" loading={busy}>
        保存文章
      </Button>
    </Form>
  );
}

export function ArticlesSection() {
  const [editing, setEditing] = useState<number | null | undefined>(undefined);
  const [classifies, setClassifies] = useState<Classify[]>([]);
  const [q, setQ] = useState('');
  const [state, setState] = useState<ArticleState | undefined>();
  const { tableProps, tableQuery, setFilters } = useTable<Row>({
    resource: 'article',
    pagination: { pageSize: 20 },
    syncWithLocation: false,
  });
  useEffect(() => {
    void api<{ list: Classify[] }>('get', 'admin/article/classifies').then(
      (res) => res.code === 200 && setClassifies(res.data.list),
    );
  }, []);
  const refresh = () => void tableQuery.refetch();
  const apply = (next: { q?: string; state?: ArticleState }) =>
    setFilters(
      [
        { field: 'q', operator: 'eq', value: next.q },
        { field: 'state', operator: 'eq', value: next.state },
      ],
      'replace',
    );
  return (
    <Space direction="vertical" style={{ width: '100%' }}>
      <Space wrap>
        <Button type="primary" onClick={() => setEditing(null)}>
          新建文章
        </Button>
        <Select
          aria-label="按状态筛选"
          style={{ width: 160 }}
          allowClear
          placeholder="全部状态"
          value={state}
          options={Object.entries(STATE).map(([value, [label]]) => ({ value, label }))}
          onChange={(v: ArticleState | undefined) => {
            setState(v);
            apply({ q, state: v });
          }}
        />
        <Input.Search
          aria-label="按标题搜索"
          placeholder="按标题搜索"
          allowClear
          style={{ width: 280 }}
          value={q}
          onChange={(e) => setQ(e.target.value)}
          onSearch={(v) => apply({ q: v.trim() || undefined, state })}
          enterButton="搜索"
        />
      </Space>
      <Table {...tableProps} rowKey="id" size="middle">
        <Table.Column<Row>
          title="标题"
          dataIndex="title"
          render={(v: string, r) =>
            r.state === 'published' ? (
              <a href={`/article/${r.id}`} target="_blank" rel="noreferrer">
                {v}
              </a>
            ) : (
              v
            )
          }
        />
        <Table.Column<Row> title="分类" dataIndex="classifyName" width={120} />
        <Table.Column<Row> title="作者" dataIndex="authorName" width={120} />
        <Table.Column<Row>
          title="状态"
          dataIndex="state"
          width={100}
          render={(s: ArticleState) => <Tag color={STATE[s][1]}>{STATE[s][0]}</Tag>}
        />
        {timeColumn<Row>('发布时间', 'publishedAt')}
        <Table.Column<Row> title="阅读" dataIndex="views" width={80} />
        <Table.Column<Row>
          title="操作"
          width={200}
          render={(_, r) => (
            <Space>
              <Button size="small" onClick={() => setEditing(r.id)}>
                编辑
              </Button>
              {r.state !== 'draft' && (
                <ActionButton
                  label="下线"
                  confirm="下线后读者将看不到这篇文章，确定下线？"
                  path="article/unpublish"
                  values={{ id: r.id }}
                  done={ARTICLES_MSG.manage.unpublished}
                  onDone={refresh}
                />
              )}
              <DeleteAction
                confirm="删除后不可恢复（评论、收藏一并删除），确定删除？"
                path="article/delete"
                id={r.id}
                onDone={refresh}
              />
            </Space>
          )}
        />
      </Table>
      <Drawer
        title={editing === undefined ? '' : editing === null ? '新建文章' : '编辑文章'}
        width={960}
        open={editing !== undefined}
        onClose={() => setEditing(undefined)}
        destroyOnHidden
      >
        {editing !== undefined && (
          <ArticleForm
            key={editing ?? 'new'}
            id={editing}
            classifies={classifies}
            onDone={() => {
              setEditing(undefined);
              refresh();
            }}
          />
        )}
      </Drawer>
    </Space>
  );
}
