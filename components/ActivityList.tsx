import type { ActivityView } from '@/lib/messages';
import { ActivityResult } from './ActivityResult';

export interface ActivityListProps {
  title: string;
  activities: ActivityView[];
  serverNames: Map<string, string>;
  now: number;
  onCancel: (activityId: string) => void;
  onReadResource: (serverId: string, uri: string) => void;
  onClear: () => void;
}

/** The latest results of one kind, newest first. */
export function ActivityList({ title, activities, serverNames, now, onCancel, onReadResource, onClear }: ActivityListProps) {
  if (activities.length === 0) return null;
  return (
    <section class="results" aria-label={title}>
      <header class="section-head">
        <h2>{title}</h2>
        <button type="button" class="link" onClick={onClear}>
          Clear
        </button>
      </header>
      {activities.map((activity) => (
        <ActivityResult
          key={activity.id}
          activity={activity}
          serverName={serverNames.get(activity.serverId) ?? 'a removed server'}
          now={now}
          onCancel={() => onCancel(activity.id)}
          onReadResource={(uri) => onReadResource(activity.serverId, uri)}
        />
      ))}
    </section>
  );
}
