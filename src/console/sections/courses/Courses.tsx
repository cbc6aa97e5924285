/**
 * 课程管理: courses in every state, created in a column with a price (entered
 * in yuan, stored in fen), and each course's lessons in order: title, video
 * (a site path or https address), duration, free preview.
 */
import { useTable } from '@refinedev/antd';
import { Button, Drawer, Input, Space, Table, Tag } from 'antd';
import { useState } from 'react';
import { DeleteAction } from '../parts/shared.tsx';
import { CourseForm } from './CourseForm.tsx';
import { Lessons } from './Lessons.tsx';
import type { AdminCourseRow as Row } from '../../../server/services/courses/index.ts';
import { formatPrice } from '../../../shared/format.ts';

export function CoursesSection() {
  const [editing, setEditing] = useState<Row | null | undefined>(undefined);
  const [lessonsOf, setLessonsOf] = useState<Row | null>(null);
  const [q, setQ] = useState('');
  const { tableProps, tableQuery, setFilters } = useTable<Row>({
    resource: 'course',
    pagination: { pageSize: 20 },
    syncWithLocation: false,
  });
  const refresh = () => void tableQuery.refetch();
  return (
    <Space direction="vertical" style={{ width: '100%' }}>
      <Space>
        <Button type="primary" onClick={() => setEditing(null)}>
          新建课程
        </Button>
        <Input.Search
          aria-label="按课程名称搜索"
          placeholder="按课程名称搜索"
          allowClear
          style={{ width: 280 }}
          value={q}
          onChange={(e) => setQ(e.target.value)}
          onSearch={(v) =>
            setFilters([{ field: 'q', operator: 'eq', value: v.trim() || undefined }], 'replace')
          }
          enterButton="搜索"
        />
      </Space>
      <Table {...tableProps} rowKey="id" size="middle">
        <Table.Column<Row>
          title="课程"
          dataIndex="title"
          render={(v: string, r) => (
            <a href={`/course/${r.id}`} target="_blank" rel="noreferrer">
              {v}
            </a>
          )}
        />
        <Table.Column<Row> title="专栏" dataIndex="columnName" width={140} />
        <Table.Column<Row> title="讲师" dataIndex="teacher" width={110} />
        <Table.Column<Row> title="价格" dataIndex="priceCents" width={100} render={formatPrice} />
        <Table.Column<Row> title="课时" dataIndex="lessons" width={70} />
        <Table.Column<Row>
          title="状态"
          dataIndex="published"
          width={80}
          render={(p: boolean) => (p ? <Tag color="green">已上架</Tag> : <Tag>未上架</Tag>)}
        />
        <Table.Column<Row>
          title="操作"
          width={220}
          render={(_, r) => (
            <Space>
              <Button size="small" onClick={() => setLessonsOf(r)}>
                课时
              </Button>
              <Button size="small" onClick={() => setEditing(r)}>
                编辑
              </Button>
              <DeleteAction
                confirm={`删除课程“${r.title}”及其课时？`}
                path="course/delete"
                id={r.id}
                onDone={refresh}
              />
            </Space>
          )}
        />
      </Table>
      <Drawer
        title={editing ? '编辑课程' : '新建课程'}
        width={640}
        open={editing !== undefined}
        onClose={() => setEditing(undefined)}
        destroyOnHidden
      >
        {editing !== undefined && (
          <CourseForm
            key={editing?.id ?? 'new'}
            row={editing}
            onDone={() => {
              setEditing(undefined);
              refresh();
            }}
          />
        )}
      </Drawer>
      <Drawer
        title={lessonsOf ? `课时：${lessonsOf.title}` : '课时'}
        width={720}
        open={lessonsOf !== null}
        onClose={() => {
          setLessonsOf(null);
          refresh();
        }}
        destroyOnHidden
      >
        {lessonsOf && <Lessons course={lessonsOf} />}
      </Drawer>
    </Space>
  );
}
