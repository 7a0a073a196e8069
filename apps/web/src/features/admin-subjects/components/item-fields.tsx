import type { UseFormRegisterReturn } from 'react-hook-form';
import { TextAreaField, TextField } from '@/components/ui/field';

/**
 * The fields every subject, topic and lesson form starts with: the Id (part of links, fixed once
 * created), the Name, and the Description where the item has one.
 */
export function ItemFields({
  editing,
  example,
  idField,
  nameField,
  descriptionField,
  errors,
}: {
  editing: boolean;
  example: string;
  idField: UseFormRegisterReturn<'id'>;
  nameField: UseFormRegisterReturn<'name'>;
  descriptionField?: UseFormRegisterReturn<'description'>;
  errors: Partial<Record<'id' | 'name' | 'description', { message?: string }>>;
}) {
  return (
    <>
      <TextField
        label="Id"
        readOnly={editing}
        autoComplete="off"
        spellCheck={false}
        error={errors.id?.message}
        hint={
          <p className="text-xs text-muted">
            {editing
              ? 'The id is part of links and cannot change.'
              : `Used in links, e.g. ${example}. It cannot change later.`}
          </p>
        }
        {...idField}
      />
      <TextField label="Name" autoComplete="off" error={errors.name?.message} {...nameField} />
      {descriptionField ? (
        <TextAreaField label="Description" rows={3} error={errors.description?.message} {...descriptionField} />
      ) : null}
    </>
  );
}
