import { type DsaTopic, topicNameSchema } from '@learnbuild/domain/schemas/dsa';
import { Pencil, Plus, Trash2 } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { TextField } from '@/components/ui/field';
import { MoveButtons } from '@/components/ui/move-buttons';
import { RenameForm } from '@/components/ui/rename-form';
import { useCreateTopic } from '@/features/dsa/api/create-topic';
import { useDeleteTopic } from '@/features/dsa/api/delete-topic';
import { useRenameTopic } from '@/features/dsa/api/rename-topic';
import { useReorderTopics } from '@/features/dsa/api/reorder-topics';
import { errorMessage } from '@/lib/api-client';
import { ConfirmDialog } from './confirm-dialog';

/** The name check the server makes, run first so the message shows without a round trip. */
function nameError(name: string): string | undefined {
  const parsed = topicNameSchema.safeParse(name);
  return parsed.success ? undefined : parsed.error.issues[0]?.message;
}

function TopicRow({
  topic,
  index,
  count,
  onMove,
  onDelete,
}: {
  topic: DsaTopic;
  index: number;
  count: number;
  onMove: (by: -1 | 1) => void;
  onDelete: () => void;
}) {
  const [editing, setEditing] = useState(false);
  const [name, setName] = useState(topic.name);
  const [error, setError] = useState<string | undefined>();
  const rename = useRenameTopic();
  const save = (event: FormEvent) => {
    event.preventDefault();
    const problem = nameError(name);
    setError(problem);
    if (problem) return;
    rename.mutate(
      { topicId: topic.id, name: name.trim() },
      {
        onSuccess: () => setEditing(false),
        onError: (e) => setError(errorMessage(e, 'The topic could not be renamed')),
      },
    );
  };
  return (
    <li className="flex flex-wrap items-center gap-3 px-4 py-2.5" data-testid="managed-topic">
      {editing ? (
        <RenameForm
          label={`New name for ${topic.name}`}
          value={name}
          onChange={setName}
          error={error}
          busy={rename.isPending}
          onSubmit={save}
          onCancel={() => {
            setEditing(false);
            setName(topic.name);
            setError(undefined);
          }}
        />
      ) : (
        <>
          <div className="min-w-0 flex-1">
            <p className="font-medium">{topic.name}</p>
            <p className="text-xs text-muted">
              {topic.problemCount} {topic.problemCount === 1 ? 'problem' : 'problems'}
            </p>
          </div>
          <div className="flex items-center">
            <MoveButtons
              id={topic.id}
              title={topic.name}
              index={index}
              count={count}
              onMove={onMove}
              className="h-8 w-8"
            />
            <Button
              variant="ghost"
              size="icon"
              className="h-8 w-8"
              aria-label={`Rename: ${topic.name}`}
              onClick={() => setEditing(true)}
            >
              <Pencil className="h-4 w-4" aria-hidden />
            </Button>
            <Button
              variant="ghost"
              size="icon"
              className="h-8 w-8"
              aria-label={`Delete: ${topic.name}`}
              title={topic.problemCount > 0 ? 'Move or delete its problems first' : undefined}
              disabled={topic.problemCount > 0}
              onClick={onDelete}
            >
              <Trash2 className="h-4 w-4 text-red-600" aria-hidden />
            </Button>
          </div>
        </>
      )}
    </li>
  );
}

/** Topics: add, rename, reorder, and delete the empty ones. */
export function TopicsPanel({ topics }: { topics: readonly DsaTopic[] }) {
  const [name, setName] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [deleting, setDeleting] = useState<DsaTopic | null>(null);
  const create = useCreateTopic();
  const reorder = useReorderTopics();
  const remove = useDeleteTopic();

  const add = (event: FormEvent) => {
    event.preventDefault();
    const problem = nameError(name);
    setError(problem);
    if (problem) return;
    create.mutate(name.trim(), {
      onSuccess: () => setName(''),
      onError: (e) => setError(errorMessage(e, 'The topic could not be added')),
    });
  };
  const move = (index: number, by: -1 | 1) => {
    const current = topics[index];
    const other = topics[index + by];
    if (current && other) reorder.mutate(by === -1 ? [current.id, other.id] : [other.id, current.id]);
  };

  return (
    <div className="flex flex-col gap-4">
      <Card className="p-4">
        <form onSubmit={add} noValidate className="flex flex-col gap-2 sm:flex-row sm:items-start">
          <TextField
            label="New topic"
            value={name}
            onChange={(e) => setName(e.target.value)}
            error={error}
            placeholder="e.g. Segment Trees"
            className="flex-1"
          />
          <Button type="submit" className="sm:mt-7" disabled={create.isPending}>
            <Plus className="h-4 w-4" aria-hidden /> Add topic
          </Button>
        </form>
      </Card>
      <Card className="overflow-hidden">
        <ol className="divide-y divide-[var(--border)]">
          {topics.map((topic, index) => (
            <TopicRow
              key={topic.id}
              topic={topic}
              index={index}
              count={topics.length}
              onMove={(by) => move(index, by)}
              onDelete={() => setDeleting(topic)}
            />
          ))}
        </ol>
      </Card>
      {deleting ? (
        <ConfirmDialog
          title={`Delete the topic "${deleting.name}"?`}
          description="Only empty topics can be deleted."
          confirmLabel="Delete topic"
          busy={remove.isPending}
          onClose={() => setDeleting(null)}
          onConfirm={() => remove.mutate(deleting.id, { onSettled: () => setDeleting(null) })}
        />
      ) : null}
    </div>
  );
}
